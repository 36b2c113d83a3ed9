/**
 * The shape of a catalogue typed against the English one (D-049). English writes a count's text
 * as `key_one` and `key_other`; another language gives the forms its plural rules have
 * (Intl.PluralRules, as i18next picks them): Chinese only `_other`, Arabic `_zero`, `_one`,
 * `_two`, `_few`, `_many` and `_other`. So every form but `_other` is optional, and the forms
 * English lacks are allowed beside any key that has `_other`.
 */
type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many';

type Texts<T> = {
  [K in keyof T as K extends `${string}_${PluralForm}` ? never : K]: T[K] extends string ? string : Catalogue<T[K]>;
};

type Forms<T> = {
  [K in keyof T as K extends `${infer Base}_other` ? `${Base}_${PluralForm}` : never]?: string;
};

export type Catalogue<T> = Texts<T> & Forms<T>;

/** A catalogue that may leave any text to its fallback language (docs/ui.md, "Languages"). */
export type PartialCatalogue<T> = {
  [K in keyof Catalogue<T>]?: Catalogue<T>[K] extends string ? string : PartialCatalogue<T[K & keyof T]>;
};
