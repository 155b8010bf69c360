/** The presenter view (ui/presenter/). */
export const presenter = {
  toggle: 'Presenter view',
  hint: 'Larger type, the transcript and one inspector view side by side (key F)',
};
