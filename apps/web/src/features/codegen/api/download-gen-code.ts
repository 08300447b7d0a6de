import { getBlob } from '@/lib/request';
import { saveBlob } from '@/lib/save-blob';

/** Downloads one table's generated code, or several tables' (`batchGenCode`), as a zip. */
export async function downloadGenCode(tableNames: readonly string[]): Promise<void> {
  const [only] = tableNames;
  const blob =
    tableNames.length === 1 && only !== undefined
      ? await getBlob(`/tool/gen/download/${encodeURIComponent(only)}`)
      : await getBlob('/tool/gen/batchGenCode', { params: { tables: tableNames.join(',') } });
  saveBlob(blob, tableNames.length === 1 && only !== undefined ? `${only}.zip` : 'sbuilding-gen.zip');
}
