import { useTranslation } from 'react-i18next';
import { LIGHT_SOURCES } from '../../../protocol/skin-api/api-codes.ts';
import { Segmented } from '../../components/Segmented.tsx';
import { kioskSelectors } from '../../stores/kiosk/selectors.ts';
import { useKioskStore } from '../../stores/kiosk/store.ts';
import { technicianSelectors } from '../../stores/technician/selectors.ts';
import { useTechnicianStore } from '../../stores/technician/store.ts';
import { IdleTimeouts } from './IdleTimeouts.tsx';

/**
 * The device profile: multi-light (3 views, a light set) or single camera (front, room light).
 * The light set follows the platform's device_v rules (docs/kiosk-core.md): white always, and
 * parallel_polar or uv only with cross_polar; the buttons enforce them as the technician taps.
 */
export function DeviceTab() {
  const { t } = useTranslation();
  const draft = useTechnicianStore(technicianSelectors.draft);
  const edit = useTechnicianStore((s) => s.edit);
  const status = useKioskStore(kioskSelectors.status);
  if (!draft) return null;
  const multi = draft.profile === 'multi_light';

  function toggleLight(light: (typeof LIGHT_SOURCES)[number]) {
    edit((d) => {
      let lights = d.lights.includes(light) ? d.lights.filter((l) => l !== light) : [...d.lights, light];
      if (light === 'cross_polar' && !lights.includes('cross_polar')) lights = lights.filter((l) => l !== 'parallel_polar' && l !== 'uv');
      if ((light === 'parallel_polar' || light === 'uv') && lights.includes(light) && !lights.includes('cross_polar')) lights.push('cross_polar');
      // Keep the protocol's order, white first.
      return { ...d, lights: LIGHT_SOURCES.filter((l) => l === 'white' || lights.includes(l)) };
    });
  }

  return (
    <div className="form">
      <Segmented
        label={t('technician.device.profile')}
        value={draft.profile}
        testId="profile"
        options={(['multi_light', 'single_camera'] as const).map((p) => ({ value: p, label: t(`technician.device.profiles.${p}`) }))}
        onChange={(profile) => edit((d) => ({ ...d, profile, lights: profile === 'single_camera' ? ['white'] : d.lights }))}
      />
      {multi && (
        <div className="field">
          <span>{t('technician.device.lights')}</span>
          <div className="choice-grid">
            {LIGHT_SOURCES.map((light) => {
              const on = draft.lights.includes(light);
              return (
                <button key={light} type="button" role="checkbox" aria-checked={on} className={`choice${on ? ' is-on' : ''}`} disabled={light === 'white'} onClick={() => toggleLight(light)}>
                  <span className={`light-swatch light-${light}`} aria-hidden="true" />
                  {t(`capture.light.${light}`)}
                </button>
              );
            })}
          </div>
          <p className="muted small" data-testid="lights-white-note">
            {t('technician.device.lightsWhite')}
          </p>
        </div>
      )}
      <p className="muted">
        {t('technician.device.views')}: {(status?.device.views ?? []).map((v) => t(`capture.view.${v}`)).join(', ')}
      </p>
      <label className="field field-inline">
        <span>{t('technician.device.retention')}</span>
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={3650}
          value={draft.retentionDays}
          onChange={(e) => edit((d) => ({ ...d, retentionDays: Math.min(3650, Math.max(1, Math.round(Number(e.target.value) || 1))) }))}
        />
      </label>
      <IdleTimeouts />
      {status?.device.simulated && <p className="note">{t('technician.device.simulated')}</p>}
      {status && <p className="muted small">{t('technician.device.version', { version: status.version, mode: t(`technician.device.modes.${status.mode}`) })}</p>}
    </div>
  );
}
