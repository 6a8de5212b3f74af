// No import cycles, between files or between folders, in the app, its tests
// and its scripts: `npm run lint:cycles`, part of `npm run lint` (so CI runs
// it; about 2 s, under a second from its cache). Which folder
// may import which is eslint.config.js's layer map; this only says that no
// arrow comes back round, which a per-file lint rule cannot see.
//
// A type-only import is an arrow too (tsPreCompilationDeps). A folder holds
// the folders inside it: an import from electron/sync/ops into electron/sync
// is not an arrow between two folders, while one from electron/document into
// electron/bridge and back is.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-file-cycle',
      comment: 'Two files that import each other, at any distance: break it by moving what both need down (docs/architecture.md).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      comment: 'Two folders that import each other, at any distance: an arrow points up somewhere (docs/architecture.md).',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.vue', '.mjs', '.js', '.json'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
  },
};
