import type { DimensionExplanations } from './types.ts';

/**
 * French (fr), in the terms of protocol/enums/names/fr.ts. Worded without « ; » and « : »: French
 * typography puts a space before them, where the screen could break the line.
 */
export const fr: DimensionExplanations = {
  pore: 'Visibilité des pores sur le nez et les joues. Des pores dilatés vont souvent de pair avec plus de sébum.',
  blackhead: 'Les points noirs sont de petits bouchons de sébum foncés dans les pores, surtout sur le nez.',
  speckle: 'Taches pigmentaires dues à une pigmentation inégale, comme les taches solaires et les taches de rousseur.',
  wrinkle: "Ridules et rides sur l'ensemble du visage.",
  acne: "Boutons d'acné et imperfections enflammées. Plus le niveau est élevé, plus ils sont nombreux et grands.",
  sensitive: 'La sensibilité indique si la peau rougit facilement. Les rougeurs sont observées sur les joues et le nez.',
  black_rim_of_eye: 'Les cernes correspondent à la peau plus foncée sous les yeux par rapport aux joues.',
  water: "Niveau d'hydratation apparent de la peau. Une peau sèche pèle finement et paraît terne.",
  oil: 'Quantité de brillance due au sébum, surtout sur le front et le nez.',
  skin_vitality: "La vitalité de la peau reflète à quel point elle paraît reposée et saine dans l'ensemble.",
  glow: 'Uniformité avec laquelle la peau reflète la lumière. Une peau saine a un éclat doux.',
  skin_smoothness: 'La douceur de la peau reflète la régularité de sa surface, sans reliefs ni rugosités.',
  firmness: 'Fermeté et élasticité apparentes de la peau au niveau des joues et de la mâchoire.',
  vitality_eye_contour: 'La vitalité du contour des yeux indique si la peau autour des yeux paraît fraîche.',
  skin_glow: "La luminosité de la peau reflète la clarté et l'éclat du teint dans son ensemble.",
  eye_bags: 'Les poches sous les yeux sont un gonflement sous les paupières inférieures.',
  eye_sagging: "L'affaissement du contour des yeux indique à quel point la peau autour des yeux tombe.",
  plump_cheeks: 'Le volume des pommettes reflète la plénitude du haut des joues.',
  low_cheek: "L'affaissement des joues indique à quel point le bas des joues se relâche.",
  mandible_edge: "La définition de l'ovale du visage indique à quel point la ligne de la mâchoire est nette.",
  crows_feet: "Les pattes d'oie sont les ridules qui partent en éventail du coin externe des yeux.",
  under_eye_wrinkle: 'Les ridules sous les yeux sont les fines lignes juste sous les yeux.',
  forehead_wrinkle: 'Les rides du front sont les lignes horizontales qui traversent le front.',
  nasolabial_folds: 'Les sillons nasogéniens vont des ailes du nez aux coins de la bouche.',
  narionette_lines: "Les plis d'amertume descendent des coins de la bouche.",
  frown_wrinkle: 'La ride du lion désigne les lignes verticales entre les sourcils.',
  lacrimal_groove: "La vallée des larmes est le creux qui descend du coin interne de l'œil vers la joue.",
  neck_lines: 'Les rides du cou sont les lignes horizontales autour du cou.',
};
