// User-facing texts of one domain: choosing the language. Each language is named in itself, so a
// reader of either finds their own.

export const languageMessages = {
  label: 'Language',
  english: 'English',
  kiswahili: 'Kiswahili',
} as const;
