/** The platform's backup (issue 36): the card the tenants page composes for the platform administrator. */
export { BackupCard } from './components/backup-card';
