interface Props {
  /** 0..1 */
  value: number;
  label: string;
}

export function ProgressBar({ value, label }: Props) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div className="progress" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <div className="progress-fill" style={{ inlineSize: `${percent}%` }} />
    </div>
  );
}
