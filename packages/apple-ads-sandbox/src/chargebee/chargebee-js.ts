// The stand-in for Chargebee.js served at /chargebee/v2/chargebee.js: the subset the web app uses
// (docs/billing.md "Card tokenisation"), with Chargebee.js's names. It renders plain inputs where
// Chargebee.js renders iframes, and posts the card to the simulator's token endpoint (the script's
// own origin), never to Tapwise.

const SCRIPT = String.raw`(function () {
  'use strict';
  var script = document.currentScript;
  var base = script && script.src ? script.src.replace(/\/v2\/chargebee\.js(\?.*)?$/, '') : '';
  var instance = null;

  function fail(code, message) {
    var error = new Error(message);
    error.code = code;
    return error;
  }

  function CardComponent(cb, options) {
    this.cb = cb;
    this.options = options || {};
    this.handlers = {};
    this.root = null;
    this.fields = {};
  }
  CardComponent.prototype.on = function (name, handler) {
    (this.handlers[name] = this.handlers[name] || []).push(handler);
    return this;
  };
  CardComponent.prototype.emit = function (name, data) {
    (this.handlers[name] || []).forEach(function (handler) { handler(data); });
  };
  CardComponent.prototype.values = function () {
    var expiry = (this.fields.expiry.value || '').replace(/\s/g, '').split('/');
    return {
      number: (this.fields.number.value || '').replace(/[\s-]/g, ''),
      expiryMonth: Number(expiry[0]),
      expiryYear: Number(expiry[1]),
      cvv: (this.fields.cvv.value || '').trim()
    };
  };
  CardComponent.prototype.state = function () {
    var v = this.values();
    var empty = !v.number && !this.fields.expiry.value && !v.cvv;
    var complete = /^\d{12,19}$/.test(v.number) && v.expiryMonth >= 1 && v.expiryMonth <= 12 &&
      v.expiryYear > 0 && /^\d{3,4}$/.test(v.cvv);
    return { cardType: 'card', empty: empty, complete: complete };
  };
  CardComponent.prototype.mount = function (target) {
    var self = this;
    var root = typeof target === 'string' ? document.querySelector(target) : target;
    if (!root) return Promise.reject(fail('invalid_container', 'No element to mount the card component in'));
    var placeholder = this.options.placeholder || {};
    var specs = [
      ['number', 'Card number', placeholder.number || '4111 1111 1111 1111', 'cc-number', 23],
      ['expiry', 'Expiry', placeholder.expiry || 'MM / YY', 'cc-exp', 7],
      ['cvv', 'CVV', placeholder.cvv || 'CVV', 'cc-csc', 4]
    ];
    root.innerHTML = '';
    var wrapper = document.createElement('div');
    wrapper.setAttribute('data-cb-component', 'card');
    wrapper.style.display = 'flex';
    wrapper.style.gap = '8px';
    specs.forEach(function (spec) {
      var input = document.createElement('input');
      input.setAttribute('data-cb-field', spec[0]);
      input.setAttribute('aria-label', spec[1]);
      input.setAttribute('placeholder', spec[2]);
      input.setAttribute('autocomplete', spec[3]);
      input.setAttribute('inputmode', 'numeric');
      input.maxLength = spec[4];
      input.style.flex = spec[0] === 'number' ? '3' : '1';
      input.style.minWidth = '0';
      input.style.border = 'none';
      input.style.outline = 'none';
      input.style.font = 'inherit';
      input.style.background = 'transparent';
      input.addEventListener('input', function () { self.emit('change', self.state()); });
      input.addEventListener('focus', function () { self.emit('focus', { field: spec[0] }); });
      input.addEventListener('blur', function () { self.emit('blur', { field: spec[0] }); });
      self.fields[spec[0]] = input;
      wrapper.appendChild(input);
    });
    root.appendChild(wrapper);
    this.root = root;
    setTimeout(function () { self.emit('ready', {}); }, 0);
    return Promise.resolve(this);
  };
  CardComponent.prototype.tokenize = function (additionalData) {
    if (!this.root) return Promise.reject(fail('invalid_card', 'The card component is not mounted'));
    var body = this.values();
    body.publishableKey = this.cb.options.publishableKey;
    body.additionalData = additionalData || {};
    return fetch(base + '/js/v2/tokens', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body)
    }).then(function (response) {
      return response.json().then(function (answer) {
        if (response.ok) return { token: answer.token };
        throw fail(response.status === 401 ? 'invalid_publishable_key' : 'invalid_card', answer.message);
      });
    }, function () {
      throw fail('network_error', 'Could not reach the payment provider');
    });
  };
  CardComponent.prototype.clear = function () {
    var fields = this.fields;
    Object.keys(fields).forEach(function (name) { fields[name].value = ''; });
    this.emit('change', this.state());
  };
  CardComponent.prototype.focus = function () {
    if (this.fields.number) this.fields.number.focus();
  };
  CardComponent.prototype.destroy = function () {
    if (this.root) this.root.innerHTML = '';
    this.root = null;
    this.fields = {};
  };

  function ChargebeeInstance(options) {
    this.options = options;
  }
  ChargebeeInstance.prototype.load = function (moduleName) {
    if (moduleName !== 'components') return Promise.reject(fail('invalid_module', 'Unknown module ' + moduleName));
    return Promise.resolve();
  };
  ChargebeeInstance.prototype.createComponent = function (type, options) {
    if (type !== 'card') throw fail('invalid_component', 'Only the card component is available');
    return new CardComponent(this, options);
  };
  ChargebeeInstance.prototype.tokenize = function (component, additionalData) {
    return component.tokenize(additionalData);
  };

  window.Chargebee = {
    init: function (options) {
      if (!options || !options.site || !options.publishableKey)
        throw fail('invalid_options', 'site and publishableKey are required');
      instance = new ChargebeeInstance(options);
      return instance;
    },
    getInstance: function () {
      if (!instance) throw fail('not_initialized', 'Chargebee.init has not been called');
      return instance;
    },
    tearDown: function () { instance = null; }
  };
})();
`;

export function chargebeeJs(): string {
  return SCRIPT;
}
