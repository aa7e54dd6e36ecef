// Published norms a challenge may be compared with, and the band a score falls in. Pure data and
// arithmetic: a catalogue entry declares which norms apply (CatalogueEntry.norms), and every
// figure here is written, with its source, in docs/decisions/0222-published-norms.md; a figure
// that could not be found in its source is left out (the table has no row, or no band, for it).

import { say } from './say.ts';

export const NORM_IDS = ['csep-push-ups', 'linfield-plank', 'usmc-plank'] as const;
export type NormId = (typeof NORM_IDS)[number];

export interface NormSource {
  title: string;
  publisher: string;
  url: string;
  year: number;
}

export type NormGender = 'male' | 'female';

/** One age range's band thresholds: the least score in each band, best band last. */
export interface NormRow {
  gender: NormGender | null;
  ageMin: number | null;
  ageMax: number | null;
  /** [band name, least score], in increasing order. A score below the first band has no band. */
  bands: readonly (readonly [string, number])[];
  /** Where this row's figures were found (see docs/decisions/0222-published-norms.md). */
  sources: readonly NormSource[];
}

export interface Norm {
  id: NormId;
  /** How a band is introduced: "CSEP", "Linfield", "USMC". */
  name: string;
  /** The test the figures were measured with, in a sentence. */
  protocol: string;
  /** True where that test differs from the challenge's own (the band is a guide only). */
  guide: boolean;
  rows: readonly NormRow[];
}

const CANADA_COLLEGE: NormSource = {
  title:
    'Step 2: Assess Your Fitness Level – Muscular Endurance (Norms for Muscle Endurance using the Standard Push-up Test, after CSEP)',
  publisher: 'Cañada College Fitness Center',
  url: 'http://www.canadacollege.edu/fitnesscenter/assess-muscle-endurance.php',
  // Undated page: the year it was read.
  year: 2026,
};
const WHISTLER: NormSource = {
  title: 'Push-ups (the Canadian Standardized Fitness Test table: men on toes, women on knees)',
  publisher: 'Whistler Physiotherapy',
  url: 'https://whistlerphysiotherapy.blogspot.com/2013/10/pushups.html',
  year: 2013,
};
const LINFIELD: NormSource = {
  title: 'Fitness Norms for the Plank Exercise (Brigham and Chase)',
  publisher: 'Linfield University Student Symposium',
  url: 'https://digitalcommons.linfield.edu/symposium/2014/all/8',
  year: 2014,
};
const USMC: NormSource = {
  title: 'Plank Progression Program (Physical Fitness Test standards)',
  publisher: 'U.S. Marine Corps, Human Performance Branch',
  url: 'https://www.fitness.marines.mil/PFT-CFT_Standards17/videoid/513853/',
  year: 2023,
};

const csep = (
  gender: NormGender,
  ageMin: number,
  ageMax: number,
  fair: number | null,
  good: number,
  veryGood: number,
  excellent: number,
  sources: readonly NormSource[],
): NormRow => ({
  gender,
  ageMin,
  ageMax,
  bands: [
    ...(fair === null
      ? []
      : ([
          ['Needs improvement', 0],
          ['Fair', fair],
        ] as const)),
    ['Good', good],
    ['Very good', veryGood],
    ['Excellent', excellent],
  ],
  sources,
});

export const NORMS: Record<NormId, Norm> = {
  'csep-push-ups': {
    id: 'csep-push-ups',
    name: 'CSEP',
    protocol:
      'Push-ups to fatigue with no time limit, men on their toes and women on their knees (the Canadian Society for Exercise Physiology test). FitBench counts push-ups in 90 seconds, so this is a guide.',
    guide: true,
    // Men 40-49 is left out: the two pages disagree on its Excellent threshold (22 and 25).
    // Women 50-59 and 60-69: the Fair threshold reads ">1"/"<1" and cannot be told from the
    // Needs-improvement band, so a score below Good has no band there.
    rows: [
      csep('male', 15, 19, 18, 23, 29, 39, [CANADA_COLLEGE, WHISTLER]),
      csep('male', 20, 29, 17, 22, 29, 36, [CANADA_COLLEGE, WHISTLER]),
      csep('male', 30, 39, 12, 17, 22, 30, [WHISTLER]),
      csep('male', 50, 59, 7, 10, 13, 21, [WHISTLER]),
      csep('male', 60, 69, 4, 8, 11, 18, [WHISTLER]),
      csep('female', 15, 19, 12, 18, 25, 33, [WHISTLER]),
      csep('female', 20, 29, 10, 15, 21, 30, [WHISTLER]),
      csep('female', 30, 39, 8, 13, 20, 27, [WHISTLER]),
      csep('female', 40, 49, 5, 11, 15, 24, [WHISTLER]),
      csep('female', 50, 59, null, 7, 11, 21, [WHISTLER]),
      csep('female', 60, 69, null, 5, 12, 17, [WHISTLER]),
    ],
  },
  'linfield-plank': {
    id: 'linfield-plank',
    name: 'Linfield',
    protocol:
      'A forearm plank held to fatigue, stopped when the form breaks, measured on 168 college students aged 18-25.',
    guide: false,
    rows: [
      {
        gender: 'female',
        ageMin: 18,
        ageMax: 25,
        bands: [
          ['below the 25th percentile', 0],
          ['25th-50th percentile', 63],
          ['50th-75th percentile', 90],
          ['above the 75th percentile', 121],
        ],
        sources: [LINFIELD],
      },
      // 128.5 s: a whole-second hold reaches it at 129.
      {
        gender: 'male',
        ageMin: 18,
        ageMax: 25,
        bands: [
          ['below the 25th percentile', 0],
          ['25th-50th percentile', 77],
          ['50th-75th percentile', 106],
          ['above the 75th percentile', 128.5],
        ],
        sources: [LINFIELD],
      },
    ],
  },
  'usmc-plank': {
    id: 'usmc-plank',
    name: 'USMC',
    protocol:
      'The Marine Corps Physical Fitness Test plank: the same times for men and women of every age; 1:10 is the minimum score, 3:45 the maximum.',
    guide: false,
    rows: [
      {
        gender: null,
        ageMin: null,
        ageMax: null,
        bands: [
          ['Below the minimum', 0],
          ['Passing', 70],
          ['Maximum score', 225],
        ],
        sources: [USMC],
      },
    ],
  },
};

export interface NormBand {
  norm: NormId;
  name: string;
  band: string;
  /** Whom the row describes: "men 30-39", "women 18-25", "everyone". */
  group: string;
  guide: boolean;
  protocol: string;
  sources: NormSource[];
}

/** Whom a row describes, in the reader's language: "men 30-39", "women 18-25", "everyone". */
function groupOf(row: NormRow): string {
  const ages = { min: row.ageMin ?? '', max: row.ageMax ?? '' };
  if (row.ageMin === null)
    return row.gender === 'male'
      ? say('men')
      : row.gender === 'female'
        ? say('women')
        : say('everyone');
  if (row.gender === 'male') return say('men {min}-{max}', ages);
  if (row.gender === 'female') return say('women {min}-{max}', ages);
  return say('everyone {min}-{max}', ages);
}

/** The row of `norm` for a member of this age and gender, if the table has one. */
export function normRowFor(norm: Norm, age: number | null, gender: string | null): NormRow | null {
  return (
    norm.rows.find(
      (r) =>
        (r.gender === null || r.gender === gender) &&
        (r.ageMin === null || (age !== null && age >= r.ageMin)) &&
        (r.ageMax === null || (age !== null && age <= r.ageMax)),
    ) ?? null
  );
}

/** The band `score` falls in for a member of this age and gender, or null (no row, or below every band). */
export function normBand(
  id: NormId,
  score: number,
  age: number | null,
  gender: string | null,
): NormBand | null {
  const norm = NORMS[id];
  const row = normRowFor(norm, age, gender);
  if (!row) return null;
  let band: string | null = null;
  for (const [name, least] of row.bands) if (score >= least) band = name;
  if (band === null) return null;
  return {
    norm: id,
    // The publisher's short name ("CSEP") is a name: it stays as it is in every language.
    name: norm.name,
    band: say(band),
    group: groupOf(row),
    guide: norm.guide,
    protocol: say(norm.protocol),
    sources: [...row.sources],
  };
}

/** Every band the entry's declared norms give this score. */
export function normBands(
  ids: readonly NormId[] | undefined,
  score: number,
  age: number | null,
  gender: string | null,
): NormBand[] {
  return (ids ?? []).flatMap((id) => {
    const band = normBand(id, score, age, gender);
    return band ? [band] : [];
  });
}
