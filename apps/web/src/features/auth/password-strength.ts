/** Strength levels of decisions.md for a zxcvbn score 0–4. */
export interface StrengthLevel {
  labelKey: string;
  color: 'error' | 'warning' | 'success';
  /** Bar fill, 0–100. */
  percent: number;
}

export function strengthLevel(score: number): StrengthLevel {
  const s = Math.max(0, Math.min(4, Math.round(score)));
  const percent = (s + 1) * 20;
  if (s <= 1) return { labelKey: 'component.password_strength.very_weak', color: 'error', percent };
  if (s === 2) return { labelKey: 'component.password_strength.weak', color: 'warning', percent };
  if (s === 3) return { labelKey: 'component.password_strength.strong', color: 'success', percent };
  return { labelKey: 'component.password_strength.very_strong', color: 'success', percent };
}

type Scorer = (password: string) => number;

/** Loads zxcvbn with its dictionaries (a lazy chunk of its own) and returns a scorer. */
export async function loadScorer(): Promise<Scorer> {
  const [core, common, en, es] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
    import('@zxcvbn-ts/language-es-es'),
  ]);
  const factory = new core.ZxcvbnFactory({
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary, ...es.dictionary },
  });
  return (password) => factory.check(password).score;
}
