// Packages bundled into dist/ rather than installed with gatewaykit (docs/decisions/0090):
// scripts/bundle-dist.mjs bundles their code, scripts/vendor-declarations.mjs ships their types.
export const VENDORED = ['@msw/data'];
