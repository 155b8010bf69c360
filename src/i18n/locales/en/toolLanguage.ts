/** The switch between the tools' English descriptions and their Korean ones (Korean scenarios). */
export const toolLanguage = {
  legend: 'Tool descriptions',
  option: { en: 'English', ko: '한국어' },
  hint: 'Names and schemas stay the same; the next request carries the descriptions chosen here (see the Request tab). Small models often follow English descriptions more reliably — compare.',
};
