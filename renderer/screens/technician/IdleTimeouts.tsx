import { useTranslation } from 'react-i18next';
import { technicianSelectors } from '../../stores/technician/selectors.ts';
import { useTechnicianStore } from '../../stores/technician/store.ts';

const KINDS = [
  ['customer', 'technician.device.idleCustomer'],
  ['results', 'technician.device.idleResults'],
  ['operator', 'technician.device.idleOperator'],
] as const;

/**
 * The inactivity timeouts per kind of screen (D-046), saved with the other device settings. Main
 * checks the range (15–3600 s) and refuses the whole save otherwise, naming the field; the inputs
 * keep what was typed so the technician sees what was refused.
 */
export function IdleTimeouts() {
  const { t } = useTranslation();
  const draft = useTechnicianStore(technicianSelectors.draft);
  const edit = useTechnicianStore((s) => s.edit);
  if (!draft) return null;
  return (
    <fieldset className="field idle-timeouts" data-testid="idle-timeouts">
      <legend>{t('technician.device.idleTitle')}</legend>
      {KINDS.map(([kind, label]) => (
        <label key={kind} className="field field-inline">
          <span>{t(label)}</span>
          <input
            type="number"
            inputMode="numeric"
            name={`idle-${kind}`}
            min={15}
            max={3600}
            value={draft.idleSeconds[kind]}
            onChange={(e) => edit((d) => ({ ...d, idleSeconds: { ...d.idleSeconds, [kind]: Math.round(Number(e.target.value) || 0) } }))}
          />
        </label>
      ))}
    </fieldset>
  );
}
