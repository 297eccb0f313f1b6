// expect: OK refused
// A Proxy posing as an entity is read like any object: its answers are checked, not trusted.
const [keyword] = tw.keywords();
const proxy = new Proxy(
  { ...keyword },
  { get: (target, key) => (key === 'id' ? '8888' : target[key]) },
);
tw.pause(proxy);
