// otlp/semconv.ts: the OpenTelemetry semantic-convention attribute names OTLP ingest stores as their
// own flattened fields (`attributes.http.request.method`); any other attribute goes into the
// `attributes.custom` map field, as Axiom does (reference/semantic-conventions.mdx). The list holds
// the registry's stable attributes and the common experimental and deprecated ones (semconv 1.x).

const NAMES = `
client.address client.port server.address server.port source.address source.port destination.address destination.port
network.carrier.icc network.carrier.mcc network.carrier.mnc network.carrier.name network.connection.subtype
network.connection.type network.io.direction network.local.address network.local.port network.peer.address
network.peer.port network.protocol.name network.protocol.version network.transport network.type
net.host.name net.host.port net.peer.name net.peer.port net.peer.ip net.sock.peer.addr net.sock.peer.port
net.sock.host.addr net.sock.host.port net.transport net.protocol.name net.protocol.version net.app.protocol.name
http.request.method http.request.method_original http.request.resend_count http.request.body.size http.request.size
http.response.status_code http.response.body.size http.response.size http.route http.connection.state
http.method http.status_code http.url http.target http.host http.scheme http.flavor http.user_agent http.client_ip
http.server_name http.request_content_length http.response_content_length
url.full url.path url.query url.scheme url.fragment url.domain url.extension url.original url.port
url.registered_domain url.subdomain url.template url.top_level_domain
user_agent.original user_agent.name user_agent.version
error.type exception.type exception.message exception.stacktrace exception.escaped
code.function code.function.name code.namespace code.filepath code.file.path code.lineno code.line.number
code.column code.column.number code.stacktrace
db.system db.system.name db.name db.namespace db.statement db.query.text db.query.summary db.operation
db.operation.name db.operation.batch.size db.collection.name db.user db.connection_string db.response.status_code
db.redis.database_index db.mongodb.collection db.sql.table db.cassandra.keyspace db.instance.id
rpc.system rpc.service rpc.method rpc.grpc.status_code rpc.jsonrpc.version rpc.jsonrpc.request_id
rpc.jsonrpc.error_code rpc.jsonrpc.error_message rpc.message.type rpc.message.id
rpc.message.compressed_size rpc.message.uncompressed_size
messaging.system messaging.operation messaging.operation.name messaging.operation.type messaging.destination.name
messaging.destination.kind messaging.destination.temporary messaging.destination.anonymous
messaging.destination.partition.id messaging.destination.template messaging.message.id
messaging.message.conversation_id messaging.message.body.size messaging.message.envelope.size
messaging.batch.message_count messaging.client.id messaging.consumer.group.name
messaging.kafka.message.key messaging.kafka.offset messaging.kafka.consumer.group messaging.kafka.partition
messaging.rabbitmq.destination.routing_key
enduser.id enduser.role enduser.scope user.id user.email user.name user.full_name user.hash user.roles
session.id session.previous_id
thread.id thread.name peer.service
faas.trigger faas.invocation_id faas.coldstart faas.execution faas.name faas.version faas.instance
faas.max_memory faas.document.collection faas.document.name faas.document.operation faas.document.time
faas.time faas.cron
cloud.provider cloud.region cloud.platform cloud.account.id cloud.availability_zone cloud.resource_id
host.name host.id host.type host.arch host.image.name host.image.id host.ip host.mac
k8s.cluster.name k8s.namespace.name k8s.node.name k8s.node.uid k8s.pod.name k8s.pod.uid k8s.container.name
k8s.deployment.name k8s.deployment.uid k8s.replicaset.name k8s.statefulset.name k8s.daemonset.name
k8s.job.name k8s.cronjob.name
container.id container.name container.image.name container.image.tag container.runtime
process.pid process.parent_pid process.executable.name process.executable.path process.command
process.command_line process.command_args process.owner process.runtime.name process.runtime.version
process.runtime.description
os.type os.description os.name os.version
telemetry.sdk.name telemetry.sdk.language telemetry.sdk.version telemetry.distro.name telemetry.distro.version
deployment.environment deployment.environment.name
feature_flag.key feature_flag.provider_name feature_flag.variant feature_flag.result.variant
feature_flag.result.value feature_flag.context.id feature_flag.set.id feature_flag.version
gen_ai.system gen_ai.provider.name gen_ai.operation.name gen_ai.request.model gen_ai.request.max_tokens
gen_ai.request.temperature gen_ai.request.top_p gen_ai.request.top_k gen_ai.request.stop_sequences
gen_ai.request.frequency_penalty gen_ai.request.presence_penalty gen_ai.request.seed gen_ai.response.id
gen_ai.response.model gen_ai.response.finish_reasons gen_ai.usage.input_tokens gen_ai.usage.output_tokens
gen_ai.input.messages gen_ai.output.messages gen_ai.system_instructions gen_ai.conversation.id
gen_ai.agent.id gen_ai.agent.name gen_ai.tool.name gen_ai.tool.call.id gen_ai.tool.type
graphql.document graphql.operation.name graphql.operation.type
aws.region aws.request_id aws.dynamodb.table_names aws.lambda.invoked_arn aws.s3.bucket aws.s3.key
tls.protocol.name tls.protocol.version tls.cipher tls.established tls.resumed
log.file.name log.file.path log.iostream log.record.uid event.name
`

/** Every semantic-convention attribute name kept as its own field. */
export const SEMCONV_ATTRIBUTES: ReadonlySet<string> = new Set(NAMES.split(/\s+/).filter((n) => n !== ''))
