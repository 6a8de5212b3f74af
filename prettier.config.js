// Prettier, chosen to match how the code was already written, so that
// `npm run format` changes as little as it can: single quotes, semicolons,
// trailing commas wherever they are allowed, and lines of up to 160
// characters (the project's long one-line signatures and object literals).
//
// Embedded formatting is off so that CSS stays one rule a line, as it is
// written in the <style> blocks of the .vue files (renderer/styles.css is
// left out in .prettierignore for the same reason).
/** @type {import('prettier').Config} */
export default {
  singleQuote: true,
  printWidth: 160,
  trailingComma: 'all',
  embeddedLanguageFormatting: 'off',
};
