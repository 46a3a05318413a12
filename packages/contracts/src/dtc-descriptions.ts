// What a fault code means, in Spanish and English, as data (issue 15, decisions/0026): the 32
// failure mode identifiers of SAE J1939-73 and the SPNs trucks commonly report. Written for Rumbo
// from the standard's published names; an SPN not listed shows its number.

/** A text in both languages. */
export interface EsEn {
  es: string;
  en: string;
}

/** FMI 0–31 (J1939-73); 22–30 are reserved. */
export const FMI_DESCRIPTIONS: readonly EsEn[] = [
  {
    es: 'Dato válido pero por encima del rango normal (nivel más grave)',
    en: 'Data valid but above normal operating range (most severe level)',
  },
  {
    es: 'Dato válido pero por debajo del rango normal (nivel más grave)',
    en: 'Data valid but below normal operating range (most severe level)',
  },
  { es: 'Dato errático, intermitente o incorrecto', en: 'Data erratic, intermittent or incorrect' },
  {
    es: 'Tensión por encima de lo normal o cortocircuito a positivo',
    en: 'Voltage above normal, or shorted to high source',
  },
  {
    es: 'Tensión por debajo de lo normal o cortocircuito a masa',
    en: 'Voltage below normal, or shorted to low source',
  },
  {
    es: 'Corriente por debajo de lo normal o circuito abierto',
    en: 'Current below normal or open circuit',
  },
  {
    es: 'Corriente por encima de lo normal o circuito a masa',
    en: 'Current above normal or grounded circuit',
  },
  {
    es: 'Sistema mecánico que no responde o desajustado',
    en: 'Mechanical system not responding or out of adjustment',
  },
  {
    es: 'Frecuencia, ancho o periodo de pulso anormal',
    en: 'Abnormal frequency, pulse width or period',
  },
  { es: 'Frecuencia de actualización anormal', en: 'Abnormal update rate' },
  { es: 'Velocidad de cambio anormal', en: 'Abnormal rate of change' },
  { es: 'Causa raíz desconocida', en: 'Root cause not known' },
  {
    es: 'Dispositivo o componente inteligente defectuoso',
    en: 'Bad intelligent device or component',
  },
  { es: 'Fuera de calibración', en: 'Out of calibration' },
  { es: 'Instrucciones especiales', en: 'Special instructions' },
  {
    es: 'Dato válido pero por encima del rango normal (nivel menos grave)',
    en: 'Data valid but above normal operating range (least severe level)',
  },
  {
    es: 'Dato válido pero por encima del rango normal (nivel moderado)',
    en: 'Data valid but above normal operating range (moderately severe level)',
  },
  {
    es: 'Dato válido pero por debajo del rango normal (nivel menos grave)',
    en: 'Data valid but below normal operating range (least severe level)',
  },
  {
    es: 'Dato válido pero por debajo del rango normal (nivel moderado)',
    en: 'Data valid but below normal operating range (moderately severe level)',
  },
  { es: 'Dato de red recibido con error', en: 'Received network data in error' },
  { es: 'Dato desviado hacia arriba', en: 'Data drifted high' },
  { es: 'Dato desviado hacia abajo', en: 'Data drifted low' },
  ...Array.from({ length: 9 }, () => ({
    es: 'Reservado por SAE',
    en: 'Reserved for SAE assignment',
  })),
  { es: 'La condición existe', en: 'Condition exists' },
];

/** SPNs trucks commonly report (J1939-71 names). */
export const SPN_DESCRIPTIONS: Readonly<Record<number, EsEn>> = {
  27: { es: 'Posición de la válvula EGR', en: 'Engine EGR 1 valve position' },
  51: { es: 'Posición de la mariposa', en: 'Engine throttle valve 1 position' },
  84: { es: 'Velocidad del vehículo (rueda)', en: 'Wheel-based vehicle speed' },
  91: { es: 'Posición del pedal del acelerador', en: 'Accelerator pedal position 1' },
  94: { es: 'Presión de alimentación de combustible', en: 'Engine fuel delivery pressure' },
  97: { es: 'Agua en el combustible', en: 'Water in fuel indicator' },
  98: { es: 'Nivel de aceite del motor', en: 'Engine oil level' },
  100: { es: 'Presión de aceite del motor', en: 'Engine oil pressure' },
  102: {
    es: 'Presión del colector de admisión (sobrealimentación)',
    en: 'Engine intake manifold 1 pressure (boost)',
  },
  105: { es: 'Temperatura del colector de admisión', en: 'Engine intake manifold 1 temperature' },
  108: { es: 'Presión barométrica', en: 'Barometric pressure' },
  110: { es: 'Temperatura del refrigerante del motor', en: 'Engine coolant temperature' },
  111: { es: 'Nivel del refrigerante', en: 'Engine coolant level' },
  157: { es: 'Presión del rail de inyección', en: 'Engine injector metering rail 1 pressure' },
  158: { es: 'Tensión de la batería (llave)', en: 'Key switch battery potential' },
  168: { es: 'Tensión de la batería', en: 'Battery potential / power input 1' },
  171: { es: 'Temperatura del aire ambiente', en: 'Ambient air temperature' },
  174: { es: 'Temperatura del combustible', en: 'Engine fuel temperature 1' },
  175: { es: 'Temperatura del aceite del motor', en: 'Engine oil temperature 1' },
  177: { es: 'Temperatura del aceite de la transmisión', en: 'Transmission oil temperature 1' },
  190: { es: 'Régimen del motor', en: 'Engine speed' },
  411: { es: 'Presión diferencial de la EGR', en: 'Engine EGR 1 differential pressure' },
  412: { es: 'Temperatura de la EGR', en: 'Engine EGR 1 temperature' },
  597: { es: 'Interruptor del freno', en: 'Brake switch' },
  629: { es: 'Unidad de control 1', en: 'Controller 1' },
  639: { es: 'Red J1939 n.º 1', en: 'J1939 network 1' },
  651: { es: 'Inyector del cilindro 1', en: 'Engine injector cylinder 1' },
  652: { es: 'Inyector del cilindro 2', en: 'Engine injector cylinder 2' },
  653: { es: 'Inyector del cilindro 3', en: 'Engine injector cylinder 3' },
  654: { es: 'Inyector del cilindro 4', en: 'Engine injector cylinder 4' },
  655: { es: 'Inyector del cilindro 5', en: 'Engine injector cylinder 5' },
  656: { es: 'Inyector del cilindro 6', en: 'Engine injector cylinder 6' },
  723: { es: 'Sensor de régimen 2 (árbol de levas)', en: 'Engine speed sensor 2 (camshaft)' },
  1127: {
    es: 'Presión de sobrealimentación del turbo',
    en: 'Engine turbocharger 1 boost pressure',
  },
  1209: { es: 'Presión de los gases de escape', en: 'Engine exhaust gas pressure' },
  1569: { es: 'Reducción de par por protección del motor', en: 'Engine protection torque derate' },
  1761: { es: 'Nivel del depósito de AdBlue', en: 'Aftertreatment 1 DEF (AdBlue) tank level' },
  3031: { es: 'Temperatura del depósito de AdBlue', en: 'Aftertreatment 1 DEF tank temperature' },
  3216: { es: 'NOx a la entrada del SCR', en: 'Aftertreatment 1 intake NOx' },
  3226: { es: 'NOx a la salida del SCR', en: 'Aftertreatment 1 outlet NOx' },
  3242: { es: 'Temperatura de entrada del DPF', en: 'Aftertreatment 1 DPF intake gas temperature' },
  3246: { es: 'Temperatura de salida del DPF', en: 'Aftertreatment 1 DPF outlet gas temperature' },
  3251: { es: 'Presión diferencial del DPF', en: 'Aftertreatment 1 DPF differential pressure' },
  3364: { es: 'Calidad del AdBlue', en: 'Aftertreatment 1 DEF (AdBlue) quality' },
  3719: { es: 'Carga de hollín del DPF', en: 'Aftertreatment 1 DPF soot load' },
  3936: { es: 'Sistema del filtro de partículas (DPF)', en: 'Aftertreatment DPF system' },
  4094: {
    es: 'Límite de NOx superado por calidad del reactivo',
    en: 'NOx limits exceeded due to insufficient reagent quality',
  },
  4334: {
    es: 'Presión del dosificador de AdBlue',
    en: 'Aftertreatment 1 DEF doser absolute pressure',
  },
  4364: {
    es: 'Eficiencia de conversión del SCR',
    en: 'Aftertreatment 1 SCR conversion efficiency',
  },
  5246: {
    es: 'Inducción al conductor por el SCR',
    en: 'Aftertreatment SCR operator inducement severity',
  },
};

const pick = (t: EsEn, lang: string) => t[lang === 'en' ? 'en' : 'es'];

/** What an SPN measures, or `SPN <n>` when it is not in the table. */
export function spnDescription(spn: number, lang: string): string {
  const t = SPN_DESCRIPTIONS[spn];
  return t ? pick(t, lang) : `SPN ${spn}`;
}

/** What an FMI means; an FMI outside 0–31 shows its number. */
export function fmiDescription(fmi: number, lang: string): string {
  const t = FMI_DESCRIPTIONS[fmi];
  return t ? pick(t, lang) : `FMI ${fmi}`;
}

/** A J1939 fault in words: `Engine coolant temperature: data valid but above…`. */
export function j1939FaultDescription(spn: number, fmi: number, lang: string): string {
  const f = fmiDescription(fmi, lang);
  return `${spnDescription(spn, lang)}: ${f.charAt(0).toLowerCase()}${f.slice(1)}`;
}

/** The system an OBD-II code's letter names. */
const OBD_SYSTEMS: Readonly<Record<string, EsEn>> = {
  P: { es: 'Tren motriz', en: 'Powertrain' },
  C: { es: 'Chasis', en: 'Chassis' },
  B: { es: 'Carrocería', en: 'Body' },
  U: { es: 'Red de comunicaciones', en: 'Network' },
};

/** An OBD-II code in words: the system its letter names (codes are manufacturer-specific beyond). */
export function obdFaultDescription(code: string, lang: string): string {
  const system = OBD_SYSTEMS[code.charAt(0)];
  const generic = code.charAt(1) === '0' || code.charAt(1) === '2';
  const kind =
    lang === 'en'
      ? generic
        ? 'generic code'
        : 'manufacturer code'
      : generic
        ? 'código genérico'
        : 'código del fabricante';
  return system ? `${pick(system, lang)}, ${kind}` : code;
}
