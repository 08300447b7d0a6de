/** The sso feature's public surface: what app/ composes into the profile and users pages. */
export { LinkedIdentities } from './components/linked-identities';
export { SsoAdminButtons } from './components/sso-admin-buttons';
