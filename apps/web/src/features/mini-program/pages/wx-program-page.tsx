import { useEffect } from 'react';
import { Button, ConfigProvider, Result, Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { STORAGE_KEYS } from '@sbuilding/shared';
import { getToken } from '@/lib/auth-token';
import { RequestError } from '@/lib/request';
import { useRealtimeConnection } from '@/lib/socket';
import { writeStored } from '@/lib/storage';
import { useWxHall } from '../api/get-wx-hall';
import { useWxHalls, wxKey } from '../api/get-wx-halls';
import { useWxScenes } from '../api/get-wx-scenes';
import { useWxSummary } from '../api/get-wx-summary';
import { AirCard } from '../components/air-card';
import { EnergyCard } from '../components/energy-card';
import { HallChooser } from '../components/hall-chooser';
import { HallHeader } from '../components/hall-header';
import { ReportCard } from '../components/report-card';
import { RoomCard } from '../components/room-card';
import { SceneButtons } from '../components/scene-buttons';
import { SessionEnded } from '../components/session-ended';
import { useControl } from '../hooks/use-control';
import { useLiveHall } from '../hooks/use-live-hall';
import '../wx-program.css';

/** Big touch targets for one thumb: 48 px buttons, a 32 px switch, a thick slider. */
const THUMB_THEME = {
  components: {
    Button: { controlHeightLG: 48, fontSizeLG: 17 },
    Switch: { trackHeight: 32, trackMinWidth: 60, handleSize: 28, innerMaxMargin: 34, innerMinMargin: 12 },
    Slider: { handleSize: 22, handleSizeHover: 24, railSize: 8 },
    Segmented: { controlHeight: 44 },
  },
};

function hallIdOf(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

/** One building: header, air, energy, scenes, rooms by floor, then the person's reports of problems. */
function HallView({ hallId, several, onChoose }: { hallId: number; several: boolean; onChoose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const hall = useWxHall(hallId);
  const summary = useWxSummary(hallId, hall.isSuccess);
  const scenes = useWxScenes(hallId, hall.isSuccess);
  const control = useControl(hallId);
  useLiveHall(hallId, hall.data);

  if (hall.isPending) return <Spin className="wx-spin" aria-label={t('wxProgram.loading')} />;
  if (hall.isError) {
    // Another building's link: one message and the way back to the person's own buildings (issue 34: three
    // stacked 'Resource not found' notices and no way back). Another failure: try again, or go back.
    const notYours = hall.error instanceof RequestError && hall.error.code === 404;
    return (
      <Result
        status={notYours ? '404' : 'warning'}
        title={notYours ? t('wxProgram.notYours') : hall.error.message}
        extra={[
          !notYours && (
            <Button key="refresh" size="large" type="primary" onClick={() => void hall.refetch()}>
              {t('wxProgram.refresh')}
            </Button>
          ),
          (notYours || several) && (
            <Button key="mine" size="large" type={notYours ? 'primary' : 'default'} onClick={onChoose}>
              {t('wxProgram.otherBuildings')}
            </Button>
          ),
        ]}
      />
    );
  }
  const detail = hall.data;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [...wxKey] });
  const refreshing = hall.isFetching || summary.isFetching || scenes.isFetching;
  return (
    <>
      <HallHeader
        hall={detail.hall}
        refreshing={refreshing}
        onRefresh={refresh}
        onChooseAnother={several ? onChoose : undefined}
      />
      <p className="wx-counts">
        {t('wxProgram.counts', {
          lightsOn: detail.lightsOn,
          lights: detail.lightsTotal,
          acsOn: detail.acsOn,
          acs: detail.acsTotal,
        })}
      </p>
      {summary.data && <AirCard air={summary.data.air} />}
      {summary.data && <EnergyCard energy={summary.data.energy} />}
      {scenes.data && <SceneButtons scenes={scenes.data} onRan={refresh} />}
      {detail.floors.length === 0 && <Result status="info" title={t('wxProgram.noRooms')} />}
      {detail.floors.map((floor) => (
        <section
          key={floor.id ?? 'none'}
          className="wx-floor"
          aria-label={floor.name ?? t('wxProgram.noFloor')}
        >
          <h2 className="wx-floor-name">{floor.name ?? t('wxProgram.noFloor')}</h2>
          {floor.rooms.map((room) => (
            <RoomCard
              key={room.zoneId ?? 'none'}
              room={room}
              pending={control.pending}
              onSend={control.send}
            />
          ))}
        </section>
      ))}
      <ReportCard hallId={hallId} floors={detail.floors} />
    </>
  );
}

/**
 * /wxProgram: the building of `hallId` as its occupants use it on a phone (spec section 2's mini-program
 * page). Without `hallId` it opens the person's only building, or offers a chooser. The server decides
 * what the person may see and switch, whatever role the console maps them to.
 */
export function WxProgramPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const hallId = hallIdOf(params.get('hallId'));
  const signedIn = Boolean(getToken());
  useRealtimeConnection();
  const halls = useWxHalls(signedIn);
  const list = halls.data ?? [];
  const only = list.length === 1 ? list[0] : undefined;

  useEffect(() => {
    if (hallId === null && only) setParams({ hallId: String(only.id) }, { replace: true });
  }, [hallId, only, setParams]);
  useEffect(() => {
    // 'Log In Again' relaunches the building the person was looking at (spec section 8).
    if (hallId !== null) writeStored(STORAGE_KEYS.selectHall, hallId);
  }, [hallId]);

  if (!signedIn) return <SessionEnded />;
  const choose = () => setParams({});
  return (
    <ConfigProvider theme={THUMB_THEME}>
      <main className="wx-page">
        {hallId !== null ? (
          <HallView hallId={hallId} several={list.length > 1} onChoose={choose} />
        ) : halls.isPending || only ? (
          <Spin className="wx-spin" aria-label={t('wxProgram.loading')} />
        ) : (
          <HallChooser halls={list} onChoose={(id) => setParams({ hallId: String(id) })} />
        )}
      </main>
    </ConfigProvider>
  );
}
