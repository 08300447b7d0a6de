import { useState } from 'react';
import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OverviewBuilding } from '@sbuilding/shared';
import { BuildingsMap } from './buildings-map';
import { VectorBuildingsMap } from './vector-buildings-map';

/**
 * The overview's map: the configured vector-tile style (MAP_STYLE_URL) when there is one, else the bundled
 * offline map. When the style cannot be loaded (unreachable, invalid, no WebGL in this browser) the offline map
 * takes its place with a short notice, for as long as the page is open.
 */
export function OverviewMap({
  buildings,
  styleUrl,
}: {
  buildings: readonly OverviewBuilding[];
  styleUrl: string | null;
}) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState<{ url: string; reason: string } | null>(null);
  if (styleUrl !== null && failed?.url !== styleUrl)
    return (
      <VectorBuildingsMap
        styleUrl={styleUrl}
        buildings={buildings}
        onFail={(reason) => setFailed({ url: styleUrl, reason })}
      />
    );
  return (
    <Flex vertical gap="small">
      {failed && styleUrl !== null ? (
        <Alert type="info" showIcon title={t('overview.map.fallback')} data-reason={failed.reason} />
      ) : null}
      <BuildingsMap buildings={buildings} />
    </Flex>
  );
}
