import { useTranslation } from 'react-i18next';
import type { Settings } from '../../../main/kiosk-api/types.ts';
import { Button } from '../../components/Button.tsx';
import { Segmented } from '../../components/Segmented.tsx';
import { useMainMessage } from '../../i18n/main-messages.ts';
import { technicianSelectors } from '../../stores/technician/selectors.ts';
import { useTechnicianStore } from '../../stores/technician/store.ts';

type Serial = NonNullable<Settings['lightController']['serial']>;

const BAUD_RATES = [9600, 19200, 38400, 57600, 115200] as const;
const EMPTY_SERIAL: Serial = { port: '', baudRate: 115200, settleMs: 150, commands: {} };

/**
 * The light controller: simulated or a serial port (port, baud rate, settle time, one command
 * per light), and a test button per light that switches it on through main and reports what
 * happened in the technician's words (docs/kiosk-core.md, Light serial protocol). The test uses
 * the saved settings: save first when the port or commands changed.
 */
export function LightsTab() {
  const { t } = useTranslation();
  const say = useMainMessage();
  const draft = useTechnicianStore(technicianSelectors.draft);
  const tests = useTechnicianStore(technicianSelectors.lightTests);
  const dirty = useTechnicianStore(technicianSelectors.dirty);
  const { edit, testLight } = useTechnicianStore.getState();
  if (!draft) return null;
  const controller = draft.lightController;
  const serial = controller.serial ?? EMPTY_SERIAL;
  const editSerial = (patch: Partial<Serial>) => edit((d) => ({ ...d, lightController: { ...d.lightController, serial: { ...(d.lightController.serial ?? EMPTY_SERIAL), ...patch } } }));

  return (
    <div className="form">
      <Segmented
        label={t('technician.lights.controller')}
        value={controller.kind}
        testId="light-controller"
        options={(['simulated', 'serial'] as const).map((k) => ({ value: k, label: t(`technician.lights.kinds.${k}`) }))}
        onChange={(kind) => edit((d) => ({ ...d, lightController: { kind, serial: kind === 'serial' ? (d.lightController.serial ?? EMPTY_SERIAL) : d.lightController.serial } }))}
      />
      {controller.kind === 'serial' && (
        <>
          <label className="field">
            <span>{t('technician.lights.port')}</span>
            <input value={serial.port} placeholder="/dev/ttyUSB0" onChange={(e) => editSerial({ port: e.target.value })} name="port" />
          </label>
          <Segmented
            label={t('technician.lights.baud')}
            value={serial.baudRate}
            options={BAUD_RATES.map((b) => ({ value: b, label: String(b) }))}
            onChange={(baudRate) => editSerial({ baudRate })}
          />
          <label className="field field-inline">
            <span>{t('technician.lights.settle')}</span>
            <input type="number" inputMode="numeric" min={0} max={5000} data-keyboard="digits" value={serial.settleMs} onChange={(e) => editSerial({ settleMs: Math.min(5000, Math.max(0, Math.round(Number(e.target.value) || 0))) })} />
          </label>
        </>
      )}
      <ul className="rows" data-testid="light-rows">
        {draft.lights.map((light) => {
          const test = tests[light];
          return (
            <li key={light} className="row" data-light={light}>
              <span className={`light-swatch light-${light}`} aria-hidden="true" />
              <strong className="row-label">{t(`capture.light.${light}`)}</strong>
              {controller.kind === 'serial' && (
                <label className="field field-inline">
                  <span>{t('technician.lights.command')}</span>
                  <input value={serial.commands[light] ?? ''} onChange={(e) => editSerial({ commands: { ...serial.commands, [light]: e.target.value } })} name={`command-${light}`} />
                </label>
              )}
              <Button variant="secondary" busy={test?.running === true} disabled={dirty} data-testid={`test-light-${light}`} onClick={() => void testLight(light)}>
                {t('technician.lights.test')}
              </Button>
              {test && !test.running && (
                <span className={test.ok ? 'row-result tone-good' : 'row-result tone-attention'} data-testid={`light-result-${light}`} data-ok={test.ok}>
                  <strong>{test.ok ? t('technician.lights.testOk') : t('technician.lights.testFailed')}</strong> {test.detail ? say(test.detail) : test.error}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
