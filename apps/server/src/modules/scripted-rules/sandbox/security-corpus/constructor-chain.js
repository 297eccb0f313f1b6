// expect: OK
// The Function constructor and eval reach only the guest's own global object.
const viaFunction = function () {}.constructor('return this')();
const viaArrow = (() => {}).constructor.constructor('return this')();
const viaIndirectEval = (0, eval)('this');
const viaAsync = Object.getPrototypeOf(async function () {}).constructor('return this');
for (const found of [viaFunction, viaArrow, viaIndirectEval]) {
  for (const name of ['process', 'require', 'module', 'Buffer', '__twCanary', 'fetch']) {
    if (found[name] !== undefined) tw.log('ESCAPE', name);
  }
}
if (typeof viaAsync !== 'function') tw.log('ESCAPE async constructor');
// tw's functions are guest functions; their constructor is the guest's Function too.
const fromTw = tw.keywords.constructor('return typeof process')();
if (fromTw !== 'undefined') tw.log('ESCAPE via tw');
