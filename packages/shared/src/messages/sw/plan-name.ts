/**
 * The plans' names in Kiswahili (docs/glossary-sw.md): the four names are words, so they are said
 * in Kiswahili; Pro reads the same in both. Any other name (a plan added later) stays as it is.
 */
const PLAN_NAMES: Record<string, string> = {
  Free: 'Bure',
  Basic: 'Msingi',
  Pro: 'Pro',
  Enterprise: 'Biashara',
};

export function planNameSw(name: string): string {
  return PLAN_NAMES[name] ?? name;
}
