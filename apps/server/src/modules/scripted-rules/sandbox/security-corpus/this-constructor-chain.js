// expect: THREW
// A module's `this` is undefined: the classic this.constructor.constructor chain has nothing to start from.
this.constructor.constructor('return process')().exit();
