// catalog/aggregate/phrase-stopwords.ts: the English stop words that end a phrase of `phrases` and are
// dropped from it (lowercase; apostrophes as '). Part of the row's specification, so the engine and
// the reference evaluator read the same list.

/** Words that are never part of a phrase. */
export const PHRASE_STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below ' +
    'between both but by can could did do does doing down during each few for from further had has have ' +
    'having he her here hers herself him himself his how i if in into is it its itself just me more most ' +
    'my myself no nor not now of off on once only or other our ours ourselves out over own same she ' +
    'should so some such than that the their theirs them themselves then there these they this those ' +
    'through to too under until up very was we were what when where which while who whom why will with ' +
    'would you your yours yourself yourselves ' +
    "aren't can't couldn't didn't doesn't don't hadn't hasn't haven't he's i'd i'll i'm i've isn't it's " +
    "let's shouldn't that's there's they'd they'll they're they've wasn't we'd we'll we're we've weren't " +
    "what's won't wouldn't you'd you'll you're you've"
  ).split(' '),
)
