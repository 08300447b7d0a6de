import { BackupCard } from '@/features/backup';
import TenantsPage from '@/features/tenants/pages/tenants-page';

/** /tenant: the tenants, and below them the platform's backup (the platform administrator's page). */
export default function TenantsWithBackupPage() {
  return <TenantsPage below={<BackupCard />} />;
}
