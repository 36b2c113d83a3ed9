import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dimensionName } from '../../../protocol/enums/dimensions.ts';
import type { Report } from '../../../main/kiosk-api/types.ts';
import { QrCode } from '../../components/QrCode.tsx';
import { formatPrice } from '../../lib/format.ts';
import { kioskSelectors } from '../../stores/kiosk/selectors.ts';
import { useKioskStore } from '../../stores/kiosk/store.ts';

type Item = Report['recommendations'][number];

/**
 * Products and treatments the merchant maps to these findings, best match first: picture, price
 * with the currency symbol of its price_unit, the finding each one answers, and the store link as
 * a QR code (a kiosk has no browser for the customer to click into).
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
            <RecommendationCard key={`${item.kind}:${item.customId}`} item={item} report={report} />
          ))}
        </ul>
      )}
    </section>
  );
}

function RecommendationCard({ item, report }: { item: Item; report: Report }) {
  const { t } = useTranslation();
  const language = useKioskStore(kioskSelectors.language);
  const [pictureFailed, setPictureFailed] = useState(false);
  const findings = item.answers
    .map((a) => `${report.dimensions.find((d) => d.dimension === a.dimension)?.name ?? dimensionName(a.dimension, language)} – ${a.levelName}`)
    .join(', ');
  return (
    <li className="card rec" data-kind={item.kind} data-custom-id={item.customId}>
      <div className="rec-picture">
        {item.pic && !pictureFailed ? <img src={item.pic} alt="" onError={() => setPictureFailed(true)} /> : <div className={`img-placeholder rec-${item.kind}`} />}
      </div>
      <div className="rec-body">
        <span className="badge">{item.kind === 'product' ? t('results.product') : t('results.treatment')}</span>
        <h3>{item.name}</h3>
        {item.subTitle && <p className="muted">{item.subTitle}</p>}
        <p className="price" data-testid="price" data-price-unit={item.priceUnit}>
          {formatPrice(item.price, item.priceUnit, item.priceSymbol, language)}
        </p>
        {findings && <p className="rec-answers">{t('results.answers', { findings })}</p>}
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
