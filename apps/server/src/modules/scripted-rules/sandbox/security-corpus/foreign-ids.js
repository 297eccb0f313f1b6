// expect: OK refused
// Ids of entities this run did not read (another company's, or made up) are refused.
tw.keywords();
tw.pause({ level: 'CAMPAIGN', id: '424242' });
tw.changeBid({ level: 'KEYWORD', id: '777', metrics: {} }, { operation: 'SET_TO', value: 50 });
tw.addNegativeKeyword({ level: 'SEARCH_TERM', id: '1:free money' }, { matchType: 'EXACT' });
const fake = {
  get level() {
    return 'KEYWORD';
  },
  get id() {
    return '31337';
  },
};
tw.pause(fake);
