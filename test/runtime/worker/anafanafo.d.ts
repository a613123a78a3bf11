/** anafanafo (untyped): badge-maker's text measure, which fonts.test.ts compares the Worker's with. */
declare module 'anafanafo' {
  export default function measure(text: string, options: { font: string; guess?: boolean }): number;
}
