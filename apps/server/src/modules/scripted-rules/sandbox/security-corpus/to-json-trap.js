// expect: OK refused
// toJSON decides what crosses to the host: an id the run did not read is refused all the same.
const [keyword] = tw.keywords();
tw.pause({ level: 'KEYWORD', id: { toJSON: () => '55555' } });
tw.pause({ level: 'KEYWORD', id: '55555', toJSON: () => ({ level: 'KEYWORD', id: keyword.id }) });
