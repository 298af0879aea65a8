"use strict";
// Stands in for the `side-channel` package (see vite.config.ts). qs keeps a side channel — a map
// keyed by the objects it walks — to detect cycles, copy its input and mark overflowed arrays; the
// package pulls in get-intrinsic, object-inspect, call-bound and has-symbols (~9 KB gzip on every
// console screen) to also run where WeakMap is missing, which no browser the console supports is.
// CommonJS because qs calls what `require('side-channel')` returns.
module.exports = function getSideChannel() {
  var weak = new WeakMap();
  var strong; // the package also takes primitive keys; qs never passes one
  function store(key) {
    if (key !== null && (typeof key === "object" || typeof key === "function")) return weak;
    strong ??= new Map();
    return strong;
  }
  return {
    assert: (key) => {
      if (!store(key).has(key)) throw new TypeError("Side channel does not contain " + String(key));
    },
    delete: (key) => store(key).delete(key),
    get: (key) => store(key).get(key),
    has: (key) => store(key).has(key),
    set: (key, value) => {
      store(key).set(key, value);
    },
  };
};
