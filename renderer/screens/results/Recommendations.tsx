import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Report } from '../../../main/kiosk-api/types.ts';
import { QrCode } from '../../components/QrCode.tsx';
import { formatPrice } from '../../lib/format.ts';
import { kioskSelectors } from '../../stores/kiosk/selectors.ts';
import { useKioskStore } from '../../stores/kiosk/store.ts';
import { levelTone } from './tone.ts';
import { useCataloguePicture } from './useCataloguePicture.ts';

type Item = Report['recommendations'][number];

/** A drawn bottle (product) or lamp (treatment), so a missing picture still says what the item is. */
function PlaceholderIcon({ kind }: { kind: Item['kind'] }) {
  return (
    <svg viewBox="0 0 48 48" className="rec-icon" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
      {kind === 'product' ? (
        <path d="M20 6h8v6h-8zM18 12h12l3 6v22a2 2 0 0 1-2 2H17a2 2 0 0 1-2-2V18zM15 24h18" />
      ) : (
        <path d="M14 28c0-6 4-10 10-10s10 4 10 10M24 18v-8M17 12l3 4M31 12l-3 4M10 34h28M13 40h22" />
      )}
    </svg>
  );
}

/**
 * Products and treatments the merchant maps to these findings, best match first: picture, price
 * with the currency symbol of its price_unit, why it is recommended (the problem it was matched
 * on and the customer's level, in the level's colour) and what else it answers, and the store link as
 * a QR code (a kiosk has no browser for the customer to click into). The picture is the kiosk's
 * stored copy (offline too), else the merchant's address; one that cannot be shown leaves a
 * drawn placeholder.
 */
export function Recommendations({ report }: { report: Report }) {
  const { t } = useTranslation();
  const items = [...report.recommendations].sort((a, b) => a.rank - b.rank);
  return (
    <section className="recommendations" data-testid="recommendations">
      <h2>{t('results.recommendations')}</h2>
      {items.length === 0 ? (
        <p className="note">{t('results.noRecommendations')}</p>
      ) : (
        <ul className="rec-grid">
          {items.map((item) => (
            <RecommendationCard key={`${item.kind}:${item.customId}`} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

function RecommendationCard({ item }: { item: Item }) {
  const { t } = useTranslation();
  const language = useKioskStore(kioskSelectors.language);
  const picture = useCataloguePicture(item.picture, item.pic);
  const [failedPicture, setFailedPicture] = useState<string | null>(null);
  const others = item.answers
    .slice(1)
    .map((a) => `${a.name} – ${a.levelName}`)
    .join(', ');
  const tone = levelTone(item.why.dimension, item.why.level);
  return (
    <li className="card rec" data-kind={item.kind} data-custom-id={item.customId}>
      <div className="rec-picture">
        {picture && picture !== failedPicture ? (
          <img src={picture} alt="" data-testid="rec-picture" data-stored={item.picture !== null} onError={() => setFailedPicture(picture)} />
        ) : (
          <div className={`img-placeholder rec-${item.kind}`} data-testid="rec-placeholder" aria-hidden="true">
            {picture === undefined ? null : <PlaceholderIcon kind={item.kind} />}
          </div>
        )}
      </div>
      <div className="rec-body">
        <span className="badge">{item.kind === 'product' ? t('results.product') : t('results.treatment')}</span>
        <h3>{item.name}</h3>
        {item.subTitle && <p className="muted">{item.subTitle}</p>}
        <p className="price" data-testid="price" data-price-unit={item.priceUnit}>
          {formatPrice(item.price, item.priceUnit, item.priceSymbol, language)}
        </p>
        <p className={`rec-why tone-${tone}`} data-testid="rec-why" data-dimension={item.why.dimension} data-level={item.why.level} data-tone={tone}>
          {t('results.why', { dimension: item.why.name, level: item.why.levelName })}
        </p>
        {others && <p className="rec-answers">{t('results.answers', { findings: others })}</p>}
      </div>
      {item.link && (
        <div className="rec-qr">
          <QrCode text={item.link} size={132} label={`${t('results.scanStore')}: ${item.name}`} />
          <span className="small">{t('results.scanStore')}</span>
        </div>
      )}
    </li>
  );
}
