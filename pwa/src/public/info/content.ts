export type InfoPageKey = 'faq' | 'support' | 'privacy' | 'terms' | 'cookie-policy';

export interface InfoSection {
  heading: string;
  body: string;
}

export interface InfoContent {
  title: string;
  intro: string;
  sections: InfoSection[];
}

export const INFO_PAGES: Record<InfoPageKey, InfoContent> = {
  faq: {
    title: 'Frequently asked questions',
    intro: 'Quick answers to what new customers ask us most.',
    sections: [
      {
        heading: 'Does SMB Finance work without an internet connection?',
        body: 'Yes. Once you have signed in on a device, your dashboard opens and your changes are saved on the device even with no signal. They sync automatically when you are back online.',
      },
      {
        heading: 'Can my customers approve quotes online?',
        body: 'Yes. Send a quote and share its link: your customer can view it on any device and accept or reject it with one tap, without creating an account.',
      },
      {
        heading: 'How many people can use one account?',
        body: 'Starter includes 5 users and Business includes 10. Administrators invite colleagues by e-mail from Settings.',
      },
      {
        heading: 'Can I change plans later?',
        body: 'Any time. Upgrades apply immediately; downgrades take effect at the next billing period.',
      },
    ],
  },
  support: {
    title: 'Support',
    intro: 'We are here to help you get the most out of SMB Finance.',
    sections: [
      {
        heading: 'E-mail support',
        body: 'Write to support@smbfinance.example and we will answer within one business day — usually much sooner.',
      },
      {
        heading: 'Trouble signing in?',
        body: 'Use “Forgot password” on the login page to receive a reset code by e-mail. If you never received your verification e-mail, you can resend it from the login page.',
      },
      {
        heading: 'Sales and larger teams',
        body: 'For Enterprise plans, custom integrations or onboarding help, use the Contact Sales form and an account manager will get in touch.',
      },
    ],
  },
  privacy: {
    title: 'Privacy Policy',
    intro: 'This policy explains what we collect, why, and the choices you have.',
    sections: [
      {
        heading: 'What we collect',
        body: 'Account details (name, e-mail, company name) and the business records you enter: customers, contacts, products, quotes, orders and invoices.',
      },
      {
        heading: 'How we use it',
        body: 'Only to provide the service: storing and syncing your records, sending the e-mails you ask for, and keeping your account secure. We never sell your data.',
      },
      {
        heading: 'Separation and security',
        body: 'Each company’s records are stored separately from every other company’s. Passwords are stored as strong one-way hashes and all traffic is encrypted.',
      },
      {
        heading: 'Your rights',
        body: 'You can export or delete your data at any time. Contact support to exercise any of your data protection rights.',
      },
    ],
  },
  terms: {
    title: 'Terms of Service',
    intro:
      'The short version: use SMB Finance lawfully, keep your password safe, and we will keep the service running for you.',
    sections: [
      {
        heading: 'Your account',
        body: 'You are responsible for the activity in your account and for keeping your sign-in details confidential. Administrators decide who in the company has access.',
      },
      {
        heading: 'Your content',
        body: 'You own the records you enter. You give us permission to store and process them only to provide the service to you.',
      },
      {
        heading: 'Billing',
        body: 'Plans are billed monthly in advance. You can cancel any time; the service stays available until the end of the paid period.',
      },
      {
        heading: 'Availability',
        body: 'We aim for uninterrupted service and announce planned maintenance in advance. Work you do offline is kept on your device until it syncs.',
      },
    ],
  },
  'cookie-policy': {
    title: 'Cookie Policy',
    intro: 'SMB Finance uses as little browser storage as possible, and no advertising trackers.',
    sections: [
      {
        heading: 'Essential storage',
        body: 'We keep your sign-in session (a token and its expiry time) in your browser’s local storage so you stay signed in for up to two hours of inactivity.',
      },
      {
        heading: 'Offline data',
        body: 'To work offline, your company’s records and any unsynced changes are stored in your browser’s database on this device. Signing out never deletes unsynced changes.',
      },
      {
        heading: 'No third-party cookies',
        body: 'We do not use advertising or cross-site tracking cookies. You can clear site data from your browser settings at any time.',
      },
    ],
  },
};
