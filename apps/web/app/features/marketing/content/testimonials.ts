export type Testimonial = { name: string; role: string; content: string; rating: number; initials: string };

/** Sample testimonials: the page labels them as illustrative. */
export const TESTIMONIALS: readonly Testimonial[] = [
  {
    name: 'Maya R.',
    role: 'Freelance designer',
    content:
      'I keep my tax money in Everyday Cash. I can move it out the same minute I need it, and it earns something while it waits.',
    rating: 5,
    initials: 'MR',
  },
  {
    name: 'Daniel K.',
    role: 'Software engineer',
    content:
      'What sold me was that Keel never holds my funds. I can see every deposit on the blockchain and withdraw from my own wallet.',
    rating: 5,
    initials: 'DK',
  },
  {
    name: 'Priya S.',
    role: 'Small business owner',
    content:
      'The explanations are plain and honest about risk. I started small in Smart Savings and added more once I understood how it works.',
    rating: 4,
    initials: 'PS',
  },
];

export const MORE_TESTIMONIALS: readonly Testimonial[] = [
  ...TESTIMONIALS,
  {
    name: 'Tom B.',
    role: 'Teacher',
    content: 'Setting up a wallet felt daunting, but the help centre guide got me through it in ten minutes.',
    rating: 5,
    initials: 'TB',
  },
  {
    name: 'Lena W.',
    role: 'Nurse',
    content: 'I like that the Growth Reserve page tells me straight away it can fall in value. I only put a small part there.',
    rating: 4,
    initials: 'LW',
  },
  {
    name: 'Carlos M.',
    role: 'Student',
    content: 'Clear fees, no lock-up on my Everyday Cash, and the weekly newsletter actually teaches me something.',
    rating: 5,
    initials: 'CM',
  },
];
