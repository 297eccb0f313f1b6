// expect: OK
// Prototype changes stay in this run's runtime: not in the host, not in the next run.
Object.prototype.polluted = 'yes';
Array.prototype.polluted = 'yes';
Object.prototype.toJSON = function () {
  return { level: 'KEYWORD', id: '1' };
};
Function.prototype.call = function () {
  return 'hijacked';
};
JSON.parse = () => ({ polluted: true });
String.prototype.startsWith = () => true;
Object.defineProperty(Object.prototype, '__proto__', { value: null, configurable: true });
tw.log('polluted');
