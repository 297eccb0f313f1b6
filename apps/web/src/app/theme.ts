import { createTheme } from '@mantine/core';

// Mantine names five breakpoints; they sit on the spec's list (spec 1 §9: 1980, 1680, 1570,
// 1365, 1280, 993, 959, 741, 601, 600, 575, 467 px). The rest are used directly in CSS.
export const theme = createTheme({
  primaryColor: 'blue',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans CJK SC", sans-serif',
  breakpoints: {
    xs: '36em', // 575px
    sm: '46.3125em', // 741px
    md: '62.0625em', // 993px
    lg: '80em', // 1280px
    xl: '105em', // 1680px
  },
  defaultRadius: 'md',
});
