// Prettier, set to how the code was already written, so that `npm run format`
// changes as little as it can: single quotes, semicolons, trailing commas
// wherever they are allowed, and lines of up to 160 characters (the project
// writes signatures, object literals and template tags on one line where
// they fit).
/** @type {import('prettier').Config} */
export default {
  singleQuote: true,
  printWidth: 160,
  trailingComma: 'all',
};
