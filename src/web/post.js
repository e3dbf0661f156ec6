// Appended to the engine's JavaScript (emscripten --post-js): the table
// cache. Pattern databases live in /cache; in a page or worker that is an
// IDBFS mount, kept in IndexedDB between visits; in node, plain memory.
Module['loadCache'] = function () {
  try { FS.mkdir('/cache'); } catch (e) { /* already there */ }
  if (typeof IDBFS === 'undefined' || typeof indexedDB === 'undefined') return Promise.resolve();
  try { FS.mount(IDBFS, {}, '/cache'); } catch (e) { /* mounted */ }
  return new Promise(function (resolve) { FS.syncfs(true, function () { resolve(); }); });
};
Module['saveCache'] = function () {
  if (typeof IDBFS === 'undefined' || typeof indexedDB === 'undefined') return Promise.resolve();
  return new Promise(function (resolve, reject) {
    FS.syncfs(false, function (error) { if (error) reject(error); else resolve(); });
  });
};
addOnPostRun(function () { Module['version'] = Module['engineVersion'](); });
