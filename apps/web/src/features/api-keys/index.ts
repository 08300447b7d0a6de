/** API keys for machines (issue 24): the panel the profile page and the users page compose. */
export { ApiKeysPanel, type ApiKeysPanelProps } from './components/api-keys-panel';
