// dependency-cruiser reads TypeScript through the compiler API, which TypeScript 7 (the compiler this
// repository builds with) no longer ships: it is given TypeScript 5's, installed as `typescript-5`.
import Module, { register } from 'node:module';

const alias = (specifier) =>
  /^typescript(\/|$)/.test(specifier) ? specifier.replace(/^typescript/, 'typescript-5') : specifier;

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolveFilename.call(this, alias(request), ...rest);
};
register(
  `data:text/javascript,${encodeURIComponent(`export async function resolve(s, c, next) { return next((${alias.toString()})(s), c); }`)}`,
);
