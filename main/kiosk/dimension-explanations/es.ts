import type { DimensionExplanations } from './types.ts';

/**
 * Spanish (es-PA and es-MX): Latin American Spanish in the terms of protocol/enums/names/es.ts,
 * one table for both as there.
 */
export const es: DimensionExplanations = {
  pore: 'Qué tan visibles son los poros de la nariz y las mejillas; los poros más grandes suelen ir con más grasa.',
  blackhead: 'Los puntos negros son pequeños tapones oscuros de grasa en los poros, sobre todo en la nariz.',
  speckle: 'Manchas por pigmentación desigual, como las manchas solares y las pecas.',
  wrinkle: 'Líneas finas y arrugas en todo el rostro.',
  acne: 'Granitos de acné y brotes inflamados; un nivel más alto significa más cantidad y mayor tamaño.',
  sensitive: 'La sensibilidad indica con qué facilidad se enrojece la piel; el enrojecimiento se evalúa en las mejillas y la nariz.',
  black_rim_of_eye: 'Las ojeras son el oscurecimiento de la piel debajo de los ojos en comparación con las mejillas.',
  water: 'Nivel de hidratación que se aprecia en la piel; la piel seca se ve opaca y con una ligera descamación.',
  oil: 'La oleosidad indica cuánto brillo por grasa tiene la piel, sobre todo en la frente y la nariz.',
  skin_vitality: 'La vitalidad de la piel es la impresión general de qué tan descansada y sana se ve.',
  glow: 'Qué tan uniforme es el reflejo de la luz en la piel; una piel sana tiene un brillo suave.',
  skin_smoothness: 'La suavidad de la piel indica qué tan uniforme es su superficie, sin relieves ni asperezas.',
  firmness: 'Firmeza y elasticidad que muestra la piel en las mejillas y la mandíbula.',
  vitality_eye_contour: 'La vitalidad del contorno de ojos indica qué tan fresca se ve la piel alrededor de los ojos.',
  skin_glow: 'La luminosidad de la piel indica qué tan claro y radiante se ve el cutis en general.',
  eye_bags: 'Las bolsas bajo los ojos son la hinchazón debajo de los párpados inferiores.',
  eye_sagging: 'La flacidez del contorno de ojos indica cuánto cae la piel alrededor de los ojos.',
  plump_cheeks: 'El volumen de las mejillas indica qué tan llena se ve la parte alta de las mejillas.',
  low_cheek: 'La flacidez de las mejillas indica cuánto cae la parte baja de las mejillas.',
  mandible_edge: 'La definición del contorno mandibular indica qué tan marcada se ve la línea de la mandíbula.',
  crows_feet: 'Las patas de gallo son líneas que se abren en abanico desde el rabillo del ojo.',
  under_eye_wrinkle: 'Las arrugas bajo los ojos son líneas finas justo debajo de los ojos.',
  forehead_wrinkle: 'Las arrugas de la frente son líneas horizontales que cruzan la frente.',
  nasolabial_folds: 'Los surcos nasogenianos van de los costados de la nariz a las comisuras de la boca.',
  narionette_lines: 'Las líneas de marioneta bajan desde las comisuras de la boca.',
  frown_wrinkle: 'Las arrugas del entrecejo son líneas verticales entre las cejas.',
  lacrimal_groove: 'El surco lagrimal es el hundimiento que baja desde el ángulo interno del ojo hacia la mejilla.',
  neck_lines: 'Las líneas del cuello son líneas horizontales alrededor del cuello.',
};
