// expect: OK refused
// The prelude serialises with the JSON it took before the script ran: replacing JSON.stringify
// cannot turn an id this run did not read into one it did.
const [keyword] = tw.keywords();
JSON.stringify = () =>
  `{"entity":{"level":"KEYWORD","id":"${keyword.id}"},"action":{"type":"PAUSE"}}`;
tw.pause({ level: 'KEYWORD', id: '99999' });
