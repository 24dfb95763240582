// Italian regions, their provinces and the city list of the area-manager form (spec §2, §9).
// Names are Italian proper nouns, not translated. Region ids are slugs; province codes are
// the two-letter sigle.
//
// Provinces as of 1 January 2026 (ISTAT): 110 units, counting provinces, metropolitan
// cities, Sicily's liberi consorzi comunali, Friuli-Venezia Giulia's four former
// provinces (kept by ISTAT as statistical units), Trentino-Alto Adige's two autonomous
// provinces and Valle d'Aosta as one unit.
// Sardinia: the 2016 arrangement (Sassari, Nuoro, Oristano, Sud Sardegna SU, metropolitan
// city of Cagliari) was replaced by the reform of Regional Law 7/2021, final scheme in force
// since 17 July 2025 and used by ISTAT from 1 January 2026: metropolitan cities of Cagliari
// and Sassari, provinces of Nuoro, Oristano, Gallura Nord-Est Sardegna, Ogliastra, Medio
// Campidano and Sulcis Iglesiente. Sud Sardegna no longer exists. The new units reuse the
// 2005-2016 sigle (OT, OG, VS, CI), as in ISTAT-derived data; check the latest ISTAT list
// if Sardinian sigle are ever disputed.

export interface ItalianProvince {
  code: string;
  name: string;
}

export const ITALIAN_REGIONS = [
  {
    id: 'abruzzo',
    name: 'Abruzzo',
    provinces: [
      { code: 'AQ', name: "L'Aquila" },
      { code: 'CH', name: 'Chieti' },
      { code: 'PE', name: 'Pescara' },
      { code: 'TE', name: 'Teramo' },
    ],
  },
  {
    id: 'basilicata',
    name: 'Basilicata',
    provinces: [
      { code: 'MT', name: 'Matera' },
      { code: 'PZ', name: 'Potenza' },
    ],
  },
  {
    id: 'calabria',
    name: 'Calabria',
    provinces: [
      { code: 'CZ', name: 'Catanzaro' },
      { code: 'CS', name: 'Cosenza' },
      { code: 'KR', name: 'Crotone' },
      { code: 'RC', name: 'Reggio Calabria' },
      { code: 'VV', name: 'Vibo Valentia' },
    ],
  },
  {
    id: 'campania',
    name: 'Campania',
    provinces: [
      { code: 'AV', name: 'Avellino' },
      { code: 'BN', name: 'Benevento' },
      { code: 'CE', name: 'Caserta' },
      { code: 'NA', name: 'Napoli' },
      { code: 'SA', name: 'Salerno' },
    ],
  },
  {
    id: 'emilia-romagna',
    name: 'Emilia-Romagna',
    provinces: [
      { code: 'BO', name: 'Bologna' },
      { code: 'FE', name: 'Ferrara' },
      { code: 'FC', name: 'Forlì-Cesena' },
      { code: 'MO', name: 'Modena' },
      { code: 'PR', name: 'Parma' },
      { code: 'PC', name: 'Piacenza' },
      { code: 'RA', name: 'Ravenna' },
      { code: 'RE', name: 'Reggio Emilia' },
      { code: 'RN', name: 'Rimini' },
    ],
  },
  {
    id: 'friuli-venezia-giulia',
    name: 'Friuli-Venezia Giulia',
    provinces: [
      { code: 'GO', name: 'Gorizia' },
      { code: 'PN', name: 'Pordenone' },
      { code: 'TS', name: 'Trieste' },
      { code: 'UD', name: 'Udine' },
    ],
  },
  {
    id: 'lazio',
    name: 'Lazio',
    provinces: [
      { code: 'FR', name: 'Frosinone' },
      { code: 'LT', name: 'Latina' },
      { code: 'RI', name: 'Rieti' },
      { code: 'RM', name: 'Roma' },
      { code: 'VT', name: 'Viterbo' },
    ],
  },
  {
    id: 'liguria',
    name: 'Liguria',
    provinces: [
      { code: 'GE', name: 'Genova' },
      { code: 'IM', name: 'Imperia' },
      { code: 'SP', name: 'La Spezia' },
      { code: 'SV', name: 'Savona' },
    ],
  },
  {
    id: 'lombardia',
    name: 'Lombardia',
    provinces: [
      { code: 'BG', name: 'Bergamo' },
      { code: 'BS', name: 'Brescia' },
      { code: 'CO', name: 'Como' },
      { code: 'CR', name: 'Cremona' },
      { code: 'LC', name: 'Lecco' },
      { code: 'LO', name: 'Lodi' },
      { code: 'MN', name: 'Mantova' },
      { code: 'MI', name: 'Milano' },
      { code: 'MB', name: 'Monza e Brianza' },
      { code: 'PV', name: 'Pavia' },
      { code: 'SO', name: 'Sondrio' },
      { code: 'VA', name: 'Varese' },
    ],
  },
  {
    id: 'marche',
    name: 'Marche',
    provinces: [
      { code: 'AN', name: 'Ancona' },
      { code: 'AP', name: 'Ascoli Piceno' },
      { code: 'FM', name: 'Fermo' },
      { code: 'MC', name: 'Macerata' },
      { code: 'PU', name: 'Pesaro e Urbino' },
    ],
  },
  {
    id: 'molise',
    name: 'Molise',
    provinces: [
      { code: 'CB', name: 'Campobasso' },
      { code: 'IS', name: 'Isernia' },
    ],
  },
  {
    id: 'piemonte',
    name: 'Piemonte',
    provinces: [
      { code: 'AL', name: 'Alessandria' },
      { code: 'AT', name: 'Asti' },
      { code: 'BI', name: 'Biella' },
      { code: 'CN', name: 'Cuneo' },
      { code: 'NO', name: 'Novara' },
      { code: 'TO', name: 'Torino' },
      { code: 'VB', name: 'Verbano-Cusio-Ossola' },
      { code: 'VC', name: 'Vercelli' },
    ],
  },
  {
    id: 'puglia',
    name: 'Puglia',
    provinces: [
      { code: 'BA', name: 'Bari' },
      { code: 'BT', name: 'Barletta-Andria-Trani' },
      { code: 'BR', name: 'Brindisi' },
      { code: 'FG', name: 'Foggia' },
      { code: 'LE', name: 'Lecce' },
      { code: 'TA', name: 'Taranto' },
    ],
  },
  {
    id: 'sardegna',
    name: 'Sardegna',
    provinces: [
      { code: 'CA', name: 'Cagliari' },
      { code: 'OT', name: 'Gallura Nord-Est Sardegna' },
      { code: 'VS', name: 'Medio Campidano' },
      { code: 'NU', name: 'Nuoro' },
      { code: 'OG', name: 'Ogliastra' },
      { code: 'OR', name: 'Oristano' },
      { code: 'SS', name: 'Sassari' },
      { code: 'CI', name: 'Sulcis Iglesiente' },
    ],
  },
  {
    id: 'sicilia',
    name: 'Sicilia',
    provinces: [
      { code: 'AG', name: 'Agrigento' },
      { code: 'CL', name: 'Caltanissetta' },
      { code: 'CT', name: 'Catania' },
      { code: 'EN', name: 'Enna' },
      { code: 'ME', name: 'Messina' },
      { code: 'PA', name: 'Palermo' },
      { code: 'RG', name: 'Ragusa' },
      { code: 'SR', name: 'Siracusa' },
      { code: 'TP', name: 'Trapani' },
    ],
  },
  {
    id: 'toscana',
    name: 'Toscana',
    provinces: [
      { code: 'AR', name: 'Arezzo' },
      { code: 'FI', name: 'Firenze' },
      { code: 'GR', name: 'Grosseto' },
      { code: 'LI', name: 'Livorno' },
      { code: 'LU', name: 'Lucca' },
      { code: 'MS', name: 'Massa-Carrara' },
      { code: 'PI', name: 'Pisa' },
      { code: 'PT', name: 'Pistoia' },
      { code: 'PO', name: 'Prato' },
      { code: 'SI', name: 'Siena' },
    ],
  },
  {
    id: 'trentino-alto-adige',
    name: 'Trentino-Alto Adige',
    provinces: [
      { code: 'BZ', name: 'Bolzano' },
      { code: 'TN', name: 'Trento' },
    ],
  },
  {
    id: 'umbria',
    name: 'Umbria',
    provinces: [
      { code: 'PG', name: 'Perugia' },
      { code: 'TR', name: 'Terni' },
    ],
  },
  { id: 'valle-d-aosta', name: "Valle d'Aosta", provinces: [{ code: 'AO', name: 'Aosta' }] },
  {
    id: 'veneto',
    name: 'Veneto',
    provinces: [
      { code: 'BL', name: 'Belluno' },
      { code: 'PD', name: 'Padova' },
      { code: 'RO', name: 'Rovigo' },
      { code: 'TV', name: 'Treviso' },
      { code: 'VE', name: 'Venezia' },
      { code: 'VR', name: 'Verona' },
      { code: 'VI', name: 'Vicenza' },
    ],
  },
] as const satisfies readonly { id: string; name: string; provinces: readonly ItalianProvince[] }[];

export type ItalianRegion = (typeof ITALIAN_REGIONS)[number];
export type ItalianRegionId = ItalianRegion['id'];
export type ItalianProvinceCode = ItalianRegion['provinces'][number]['code'];

/** All provinces, region by region. */
export const ITALIAN_PROVINCES: readonly ItalianProvince[] = ITALIAN_REGIONS.flatMap((region): readonly ItalianProvince[] => region.provinces);

/** The provinces of a region, in list order; none for an unknown id. */
export function provincesOf(regionId: string): readonly ItalianProvince[] {
  return ITALIAN_REGIONS.find((region) => region.id === regionId)?.provinces ?? [];
}

export function isItalianRegionId(value: unknown): value is ItalianRegionId {
  return typeof value === 'string' && ITALIAN_REGIONS.some((region) => region.id === value);
}

/** The region a province code belongs to, if the code exists. */
export function regionOfProvince(code: string): ItalianRegion | undefined {
  return ITALIAN_REGIONS.find((region) => region.provinces.some((province) => province.code === code));
}

/** The ten cities of the area-manager city list: Italy's ten largest, by population. */
export const ITALIAN_CITIES = [
  { name: 'Roma', regionId: 'lazio', provinceCode: 'RM' },
  { name: 'Milano', regionId: 'lombardia', provinceCode: 'MI' },
  { name: 'Napoli', regionId: 'campania', provinceCode: 'NA' },
  { name: 'Torino', regionId: 'piemonte', provinceCode: 'TO' },
  { name: 'Palermo', regionId: 'sicilia', provinceCode: 'PA' },
  { name: 'Genova', regionId: 'liguria', provinceCode: 'GE' },
  { name: 'Bologna', regionId: 'emilia-romagna', provinceCode: 'BO' },
  { name: 'Firenze', regionId: 'toscana', provinceCode: 'FI' },
  { name: 'Bari', regionId: 'puglia', provinceCode: 'BA' },
  { name: 'Catania', regionId: 'sicilia', provinceCode: 'CT' },
] as const satisfies readonly { name: string; regionId: ItalianRegionId; provinceCode: ItalianProvinceCode }[];
