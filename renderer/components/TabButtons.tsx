interface Props<T extends string> {
  readonly tabs: readonly T[];
  readonly current: T;
  readonly label: (tab: T) => string;
  readonly onSelect: (tab: T) => void;
}

/** The buttons of a tab list (the caller's element carries role="tablist"); `data-tab` names each for tests. */
export function TabButtons<T extends string>({ tabs, current, label, onSelect }: Props<T>) {
  return (
    <>
      {tabs.map((name) => (
        <button key={name} type="button" role="tab" aria-selected={current === name} className={current === name ? 'tab is-on' : 'tab'} data-tab={name} onClick={() => onSelect(name)}>
          {label(name)}
        </button>
      ))}
    </>
  );
}
