import { PublicPage } from '../site/PublicPage';
import { useScrollToHash } from '../site/useScrollToHash';
import { CallToAction } from './CallToAction';
import { Hero } from './Hero';
import { Pricing } from './Pricing';
import { Services } from './Services';

export default function LandingPage() {
  useScrollToHash();
  return (
    <PublicPage>
      <Hero />
      <Services />
      <Pricing />
      <CallToAction />
    </PublicPage>
  );
}
