// Where the browser refuses this page its storage (an embedded table on someone's page
// with third-party storage blocked: Incognito windows, Safari, strict privacy settings),
// PyScript 0.7.31 cannot start: at boot it awaits a small IndexedDB cache, and opening
// IndexedDB fails there. Then (detected by localStorage refusing too) this gives the page
// an in-memory IndexedDB with just what that cache uses; nothing outlives the page, which
// is all a blocked page may have anyway. Loaded `defer` before PyScript's module script,
// so it runs first without delaying the first paint.
(() => {
  try {
    window.localStorage.getItem("bummerl");
    return; // storage works: leave IndexedDB alone
  } catch (_) { /* refused: stand in below */ }

  const answer = (result) => {
    const request = { result: undefined, error: null };
    setTimeout(() => {
      request.result = result;
      if (request.onsuccess) request.onsuccess({ type: "success", target: request });
    });
    return request;
  };

  const store = (items) => ({
    get: (key) => answer(items.get(key)),
    getKey: (key) => answer(items.has(key) ? key : undefined),
    getAll: () => answer([...items.values()]),
    getAllKeys: () => answer([...items.keys()]),
    count: () => answer(items.size),
    put: (value, key) => { items.set(key, value); return answer(key); },
    delete: (key) => { items.delete(key); return answer(undefined); },
    clear: () => { items.clear(); return answer(undefined); },
  });

  const database = (name) => {
    const stores = new Map();
    return {
      name,
      get objectStoreNames() {
        return { length: stores.size, contains: (n) => stores.has(n), item: (i) => [...stores.keys()][i] };
      },
      createObjectStore(n) { stores.set(n, new Map()); return store(stores.get(n)); },
      transaction() {
        const transaction = { objectStore: (n) => store(stores.get(n)), oncomplete: null };
        setTimeout(() => transaction.oncomplete && transaction.oncomplete({ type: "complete", target: transaction }));
        return transaction;
      },
      close() {},
    };
  };

  const databases = new Map();
  const memory = {
    open(name) {
      const request = { result: undefined, error: null };
      const fresh = !databases.has(name);
      if (fresh) databases.set(name, database(name));
      const db = databases.get(name);
      setTimeout(() => {
        request.result = db;
        if (fresh && request.onupgradeneeded) {
          const transaction = { oncomplete: null };
          request.onupgradeneeded({ type: "upgradeneeded", target: { result: db, transaction } });
          if (transaction.oncomplete) transaction.oncomplete({ type: "complete", target: transaction });
        }
        if (request.onsuccess) request.onsuccess({ type: "success", target: request });
      });
      return request;
    },
    deleteDatabase(name) { databases.delete(name); return answer(undefined); },
  };
  Object.defineProperty(window, "indexedDB", { value: memory, configurable: true });
})();
