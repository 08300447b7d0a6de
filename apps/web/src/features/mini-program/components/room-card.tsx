import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WxMethod, WxRoom } from '@sbuilding/shared';
import { AcRow } from './ac-row';
import { AirBand } from './air-band';
import { LightRow } from './light-row';

interface Props {
  room: WxRoom;
  /** The device a command is on its way to (its switch spins). */
  pending: number | undefined;
  onSend: (deviceId: number, method: WxMethod, params: Record<string, unknown>) => void;
}

/** A room: its name and air, then its lights and ACs with their quick controls. */
export function RoomCard({ room, pending, onSend }: Props) {
  const { t } = useTranslation();
  const name = room.name ?? t('wxProgram.elsewhere');
  return (
    <section className="wx-card wx-room" aria-label={name}>
      <div className="wx-room-head">
        <Typography.Title level={3} className="wx-room-name">
          {name}
        </Typography.Title>
        {room.air && <AirBand band={room.air.band} compact />}
      </div>
      {room.air && room.air.values.temperature.value !== null && (
        <Typography.Text type="secondary">
          {t('wxProgram.roomAir', {
            temperature: room.air.values.temperature.value,
            humidity: room.air.values.humidity.value ?? '-',
          })}
        </Typography.Text>
      )}
      {(room.lights.length > 0 || room.acs.length > 0) && (
        <ul className="wx-devices">
          {room.lights.map((l) => (
            <LightRow
              key={l.id}
              light={l}
              busy={pending === l.id}
              onSend={(method, params) => onSend(l.id, method, params)}
            />
          ))}
          {room.acs.map((a) => (
            <AcRow
              key={a.id}
              ac={a}
              busy={pending === a.id}
              onSend={(method, params) => onSend(a.id, method, params)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
