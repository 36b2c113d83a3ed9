import { useTranslation } from 'react-i18next';
import type { Settings } from '../../../main/kiosk-api/types.ts';
import { Segmented } from '../../components/Segmented.tsx';
import { kioskSelectors } from '../../stores/kiosk/selectors.ts';
import { useKioskStore } from '../../stores/kiosk/store.ts';
import { technicianSelectors } from '../../stores/technician/selectors.ts';
import { useTechnicianStore } from '../../stores/technician/store.ts';

type PlatformSettings = Settings['platform'];

/**
 * Where the kiosk syncs to: region, the two base addresses, app credentials (the secret is
 * write-only: main says only whether one is stored) and the store. Reachability and clock skew
 * come from the live status.
 */
export function PlatformTab() {
  const { t } = useTranslation();
  const draft = useTechnicianStore(technicianSelectors.draft);
  const secret = useTechnicianStore(technicianSelectors.secretDraft);
  const { edit, setSecretDraft } = useTechnicianStore.getState();
  const status = useKioskStore(kioskSelectors.status);
  if (!draft) return null;
  const p = draft.platform;
  const set = (patch: Partial<PlatformSettings>) => edit((d) => ({ ...d, platform: { ...d.platform, ...patch } }));

  return (
    <div className="form">
      {status && (
        <p className={status.platform.reachable ? 'note' : 'note note-warn'} data-testid="platform-reachable" data-reachable={status.platform.reachable}>
          {status.platform.reachable ? t('technician.platform.reachable') : t('technician.platform.unreachable')} · {status.platform.baseUrl}
          {status.platform.clockSkewMs !== null && ` · ${t('technician.platform.clockSkew', { ms: Math.round(status.platform.clockSkewMs) })}`}
        </p>
      )}
      <Segmented
        label={t('technician.platform.region')}
        value={p.region}
        options={(['cn', 'overseas'] as const).map((r) => ({ value: r, label: t(`technician.platform.regions.${r}`) }))}
        onChange={(region) => set({ region })}
      />
      <label className="field">
        <span>{t('technician.platform.cnBaseUrl')}</span>
        <input value={p.cnBaseUrl} inputMode="url" onChange={(e) => set({ cnBaseUrl: e.target.value.trim() })} name="cnBaseUrl" />
      </label>
      <label className="field">
        <span>{t('technician.platform.overseasBaseUrl')}</span>
        <input value={p.overseasBaseUrl} inputMode="url" onChange={(e) => set({ overseasBaseUrl: e.target.value.trim() })} name="overseasBaseUrl" />
      </label>
      <div className="field-row">
        <label className="field">
          <span>{t('technician.platform.appId')}</span>
          <input value={p.appId} onChange={(e) => set({ appId: e.target.value.trim() })} name="appId" autoComplete="off" data-keyboard="text" />
        </label>
        <label className="field">
          <span>{t('technician.platform.appSecret')}</span>
          <input type="password" value={secret} placeholder={p.hasSecret ? '••••••••' : ''} onChange={(e) => setSecretDraft(e.target.value)} name="appSecret" autoComplete="new-password" data-keyboard="text" />
        </label>
      </div>
      {p.hasSecret && !secret && <p className="muted small">{t('technician.platform.secretSet')}</p>}
      <label className="field">
        <span>{t('technician.platform.storeCustomId')}</span>
        <input value={p.storeCustomId} onChange={(e) => set({ storeCustomId: e.target.value.trim() })} name="storeCustomId" data-keyboard="text" />
      </label>
    </div>
  );
}
