// The login page's part of the English catalogue (lib/i18n.ts): the same file under a second module id, so
// that the named imports are all the login page's bundle takes of it (Vite's JSON named exports).
declare module '@/locales/en.json?first' {
  type Catalogue = typeof import('./en.json');
  export const app: Catalogue['app'];
  export const common: Catalogue['common'];
  export const languages: Catalogue['languages'];
  export const layout: Catalogue['layout'];
  export const login: Catalogue['login'];
  export const pages: Catalogue['pages'];
  export const request: Catalogue['request'];
  export const routes: Catalogue['routes'];
  export const session: Catalogue['session'];
  export const sso: Catalogue['sso'];
}
