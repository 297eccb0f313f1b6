// The guest side of the script API (SCRIPT_API_DECLARATION), evaluated in each run's fresh QuickJS
// context before the script. It is a function of one host function, `call(op, json)`, that only
// ever takes and returns strings: no host object enters the guest. The host answers with JSON, ""
// for nothing, or "E<message>" for an error the script sees as a TypeError at its call.
export const GUEST_PRELUDE = String.raw`(function (call, configJson) {
  'use strict';
  // The builtins the API relies on, taken before the script can replace them.
  const parse = JSON.parse;
  const stringify = JSON.stringify;
  const freeze = Object.freeze;
  const makeFunction = Function;
  const config = parse(configJson);
  const global = globalThis;
  // What QuickJS provides that a script must not have: shared memory and GC observation.
  for (const name of ['SharedArrayBuffer', 'Atomics', 'WeakRef', 'FinalizationRegistry', 'WebAssembly']) {
    delete global[name];
  }

  function host(op, payload) {
    const answer = call(op, payload === undefined ? '' : stringify(payload));
    if (answer[0] === 'E') throw new TypeError(answer.slice(1));
    return answer === '' ? undefined : parse(answer);
  }

  // Entities arrive as rows (entity-wire.ts). Each metric-key shape gets a function returning one
  // object literal, frozen with its metrics: a third faster in QuickJS than setting keys in a loop.
  const fields = config.entityFields;
  function maker(keys) {
    const entity = fields.map((field, f) => stringify(field) + ': row[' + (1 + f) + ']');
    const metrics = keys.map((key, k) => stringify(key) + ': row[' + (1 + fields.length + k) + ']');
    return makeFunction(
      'freeze',
      'row',
      'return freeze({ ' + entity.join(', ') + ', metrics: freeze({ ' + metrics.join(', ') + ' }) });',
    );
  }
  function entitiesOf(wire) {
    const makers = wire.shapes.map(maker);
    const entities = new Array(wire.rows.length);
    for (let i = 0; i < wire.rows.length; i++) {
      const row = wire.rows[i];
      entities[i] = makers[row[0]](freeze, row);
    }
    return entities;
  }

  function lookbackOf(lookback) {
    if (lookback === undefined) return { range: 'LAST_7_DAYS' };
    return typeof lookback === 'string' ? { range: lookback } : lookback;
  }

  function readOptions(options) {
    const given = options === undefined || options === null ? {} : options;
    if (typeof given !== 'object') throw new TypeError('Read options must be an object.');
    return {
      campaignIds: given.campaignIds,
      adGroupIds: given.adGroupIds,
      goalId: given.goalId,
    };
  }

  function read(level, options) {
    const request = readOptions(options);
    request.level = level;
    request.lookback = lookbackOf(options && options.lookback);
    return freeze(entitiesOf(host('read', request)));
  }

  function change(current, previous) {
    if (typeof current !== 'number' || typeof previous !== 'number' || previous === 0) return null;
    return (current - previous) / previous;
  }

  function numbers(values) {
    if (!Array.isArray(values)) throw new TypeError('Expected a list of numbers.');
    return values.filter((value) => typeof value === 'number' && !Number.isNaN(value));
  }

  function percentile(values, p) {
    if (typeof p !== 'number' || !(p >= 0 && p <= 100)) throw new TypeError('p must be from 0 to 100.');
    const sorted = numbers(values).sort((a, b) => a - b);
    if (sorted.length === 0) return null;
    const rank = (p / 100) * (sorted.length - 1);
    const low = Math.floor(rank);
    const high = Math.ceil(rank);
    return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
  }

  function target(entity) {
    if (entity === null || typeof entity !== 'object') throw new TypeError('Expected an entity the script read.');
    return { level: entity.level, id: entity.id };
  }

  function propose(entity, action, reason) {
    host('propose', { entity: entity, action: action, message: reason });
  }

  function format(value) {
    if (typeof value === 'string') return value;
    if (value instanceof Error) return value.name + ': ' + value.message;
    if (typeof value === 'function') return '[Function ' + (value.name || 'anonymous') + ']';
    if (typeof value !== 'object' || value === null) return String(value);
    try {
      const text = stringify(value);
      return text === undefined ? String(value) : text;
    } catch (error) {
      return '[Object]';
    }
  }

  let logCut = false;
  function logger(level) {
    return function () {
      if (logCut) return;
      let text = '';
      for (let i = 0; i < arguments.length && text.length <= config.logLineChars; i++) {
        text += (i > 0 ? ' ' : '') + format(arguments[i]);
      }
      if (call('log', level + text.slice(0, config.logLineChars + 1)) === 'C') logCut = true;
    };
  }

  const tw = {
    now: config.now,
    dryRun: config.dryRun,
    campaigns: (options) => read('CAMPAIGN', options),
    adGroups: (options) => read('AD_GROUP', options),
    keywords: (options) => read('KEYWORD', options),
    searchTerms: (options) => read('SEARCH_TERM', options),
    comparePeriods(level, current, previous, options) {
      const base = Object.assign({}, options === undefined || options === null ? {} : options);
      const now = read(level, Object.assign({}, base, { lookback: current }));
      const before = read(level, Object.assign({}, base, { lookback: previous }));
      const previousById = new Map(before.map((entity) => [entity.id, entity.metrics]));
      // Entities and their metrics are frozen already.
      return freeze(
        now.map((entity) => {
          const previousMetrics = previousById.get(entity.id) || null;
          const changes = {};
          for (const key of Object.keys(entity.metrics)) {
            changes[key] = previousMetrics === null ? null : change(entity.metrics[key], previousMetrics[key]);
          }
          return freeze({
            entity: entity,
            current: entity.metrics,
            previous: previousMetrics,
            change: freeze(changes),
          });
        }),
      );
    },
    sum: (values) => numbers(values).reduce((total, value) => total + value, 0),
    average(values) {
      const list = numbers(values);
      return list.length === 0 ? null : list.reduce((total, value) => total + value, 0) / list.length;
    },
    median: (values) => percentile(values, 50),
    percentile: percentile,
    change: change,
    pause: (entity, reason) => propose(target(entity), { type: 'PAUSE' }, reason),
    resume: (entity, reason) => propose(target(entity), { type: 'RESUME' }, reason),
    changeBid: (entity, amount, reason) =>
      propose(target(entity), Object.assign({}, amount, { type: 'CHANGE_BID' }), reason),
    changeBudget: (entity, amount, reason) =>
      propose(target(entity), Object.assign({}, amount, { type: 'CHANGE_BUDGET' }), reason),
    addNegativeKeyword: (entity, options, reason) =>
      propose(target(entity), Object.assign({}, options, { type: 'ADD_AS_NEGATIVE_KEYWORD' }), reason),
    promoteSearchTerm: (entity, options, reason) =>
      propose(target(entity), Object.assign({}, options, { type: 'ADD_AS_KEYWORD' }), reason),
    notifyByEmail(recipients, message) {
      const given = recipients === null || typeof recipients !== 'object' ? {} : recipients;
      const action = {
        type: 'EMAIL_NOTIFICATION',
        recipients: { emails: given.emails || [], externalEmails: given.externalEmails || [] },
      };
      propose(null, action, message);
    },
    notifyBySlack: (channels, message) =>
      propose(null, { type: 'SLACK_NOTIFICATION', channels: channels }, message),
    log: logger('log'),
  };
  const consoleApi = { log: logger('log'), info: logger('info'), warn: logger('warn'), error: logger('error') };
  Object.defineProperty(global, 'tw', { value: freeze(tw), enumerable: true });
  Object.defineProperty(global, 'console', { value: freeze(consoleApi), enumerable: true });
})`;
