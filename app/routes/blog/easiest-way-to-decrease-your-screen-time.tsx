import CircleCheck from "lucide-react/icons/circle-check";
import Contrast from "lucide-react/icons/contrast";
import FolderInput from "lucide-react/icons/folder-input";
import Lightbulb from "lucide-react/icons/lightbulb";
import type { ReactNode } from "react";
import { ArticleLayout, articleMeta, requirePost } from "~/components/blog/article-layout";
import { ContactBlock } from "~/components/blog/contact-block";
import { RelatedPosts } from "~/components/blog/related-posts";
import { ShareBar } from "~/components/blog/share-bar";
import { LazyImage } from "~/components/ui/lazy-image";
import type { Route } from "./+types/easiest-way-to-decrease-your-screen-time";

const slug = "easiest-way-to-decrease-your-screen-time";

// articleMeta emits the absolute canonical link (SITE_URL + /blog/<slug>) with the BlogPosting data.
export const meta: Route.MetaFunction = () => articleMeta(slug, { image: "/images/blog/screen-time-grayscale.webp" });

export default function Article() {
  const post = requirePost(slug);
  return (
    <ArticleLayout slug={slug}>
      <p>
        My job runs on my phone. Showing requests, offers, calls from lawyers and lenders, listing alerts for my buyers: all of it arrives
        on the same small screen. So does everything else. A while ago I noticed that I would pick up my phone to answer one message and
        look up twenty minutes later, deep in a feed, with the message still unanswered.
      </p>
      <p>
        I did not want to delete my apps or buy a second phone. I wanted the phone to be a tool again instead of a habit. What finally
        worked was surprisingly small: two settings, about five minutes, no extra apps.
      </p>

      <h2>Discovery 1: colour is part of the pull</h2>
      <p>
        App icons, red notification badges and autoplaying videos are designed to catch your eye, and they are very good at it. One evening
        I switched my screen to greyscale (black and white) to see what would happen. The phone instantly became less interesting. Photos
        looked flat, the red badges stopped shouting, and scrolling felt like reading a newspaper instead of playing a game. Everything
        still worked; it just stopped asking for my attention.
      </p>
      <LazyImage
        src="/images/blog/screen-time-grayscale.webp"
        width={1200}
        height={800}
        className="my-6 w-full rounded-xl"
        alt="The same phone home screen in full colour, then in greyscale"
      />

      <h2>Discovery 2: most of my pickups were habit, not need</h2>
      <p>
        When I paid attention, most of the times I unlocked my phone I had no real reason to. My thumb went straight to the same few apps on
        the home screen, on autopilot. The apps I opened without thinking were exactly the ones sitting in the most convenient spots. If an
        app took a few extra seconds to reach, I often did not bother, which told me I had not really wanted it in the first place.
      </p>

      <h2>The two-step solution</h2>
      <p className="text-sm text-ink-muted">
        Menu names below are as they appear on phones set to U.S. English; with Canadian English you may see "Colour" and "Greyscale". Menus
        also move between software versions: if you cannot find a setting, search for it in the Settings app.
      </p>

      <Step number={1} icon={<Contrast aria-hidden="true" className="size-5" />} title="Turn on greyscale">
        <h4 className="mt-4 font-bold text-ink">iPhone</h4>
        <ol>
          <li>Open Settings, then Accessibility, then Display &amp; Text Size.</li>
          <li>Tap Color Filters, switch Color Filters on and choose Grayscale.</li>
          <li>
            Optional shortcut: in Settings, Accessibility, Accessibility Shortcut, tick Color Filters. Now a triple-click of the side button
            (or the Home button on older models) switches colour on and off.
          </li>
        </ol>
        <h4 className="mt-4 font-bold text-ink">Android</h4>
        <ul>
          <li>
            Google Pixel: Settings, Accessibility, Color and motion, Color correction; switch it on and choose Grayscale. Digital
            Wellbeing's Bedtime mode can also turn the screen grey on a schedule.
          </li>
          <li>
            Samsung Galaxy: Settings, Accessibility, Vision enhancements (Visibility enhancements on older versions), then look for
            Grayscale or Color adjustment.
          </li>
          <li>Other phones: open Settings and search for "grayscale" or "color correction".</li>
        </ul>
        <p>
          The shortcut matters. When I need colour, to check listing photos or a map, it is a triple-click away, and I switch back when I am
          done.
        </p>
      </Step>

      <Step number={2} icon={<FolderInput aria-hidden="true" className="size-5" />} title="Move social apps off your home screen">
        <p>You are not deleting anything. The apps stay installed; they just stop being the first thing you see.</p>
        <h4 className="mt-4 font-bold text-ink">iPhone</h4>
        <ol>
          <li>Touch and hold the app icon, then tap Remove App.</li>
          <li>Choose Remove from Home Screen (not Delete App).</li>
          <li>
            The app now lives in the App Library: swipe left past your last home screen page, or swipe down from the middle of the home
            screen and search for it.
          </li>
        </ol>
        <h4 className="mt-4 font-bold text-ink">Android</h4>
        <ol>
          <li>Touch and hold the app icon on the home screen.</li>
          <li>Choose Remove (or drag it to Remove). Do not choose Uninstall.</li>
          <li>The app stays in your app drawer: swipe up from the bottom of the home screen to find it.</li>
        </ol>
        <p>
          Put the tools you actually need, like the phone, calendar, maps and camera, where the social apps used to be. Opening a feed now
          takes a deliberate search, and that small pause is often enough to change my mind.
        </p>
      </Step>

      <section aria-labelledby="results-heading" className="mt-10 rounded-xl border border-line bg-brand-soft p-6">
        <h2 id="results-heading" className="mt-0 flex items-center gap-2">
          <CircleCheck aria-hidden="true" className="size-6 shrink-0 text-brand" />
          The results
        </h2>
        <p>I have not tracked this like a scientist, and your results will depend on your habits. Here is what I noticed:</p>
        <ul>
          <li>My daily screen time went down, and it stayed down. The drop came mostly from the apps I had moved off the home screen.</li>
          <li>I pick up my phone less often without a reason, and when I do, I put it down sooner.</li>
          <li>
            Evenings are calmer. With the screen grey, I am more likely to finish what I opened the phone for and leave it on the counter.
          </li>
          <li>Nothing important slipped. Calls, texts and e-mail work exactly as before, so clients reach me just as quickly.</li>
        </ul>
        <p className="mb-0">
          <strong>Measure your own.</strong> Before you start, write down your daily average: on iPhone in Settings, Screen Time; on Android
          in Settings, Digital Wellbeing &amp; parental controls. Make the two changes, then check again after a week.
        </p>
      </section>

      <LazyImage
        src="/images/blog/screen-time-evening.webp"
        width={1200}
        height={800}
        className="my-6 w-full rounded-xl"
        alt="A phone set aside on a table at night beside a book and a glass of water"
      />
      <h2 className="flex items-center gap-2">
        <Lightbulb aria-hidden="true" className="size-6 shrink-0 text-brand" />
        If you want to go one step further
      </h2>
      <p>
        Turn off notifications for anything that is not from a person: games, shopping, news and social apps. On iPhone, go to Settings,
        Notifications and choose the app; on Android, go to Settings, Notifications, App notifications. Fewer buzzes mean fewer reasons to
        pick the phone up in the first place.
      </p>
      <p>
        Try it for a week. If it is not for you, both changes undo in seconds. If it works for you, pass it on: of everything I share with
        clients, this is the tip people thank me for most.
      </p>

      <ShareBar title={post.title} description={post.description} variant="compact" label="Share this tip" />

      <RelatedPosts
        current={slug}
        slugs={[
          "best-restaurants-in-edmonton",
          "free-online-resources-for-home-buyers-and-sellers",
          "essential-real-estate-contacts",
          "do-you-know-what-is-your-home-worth",
        ]}
      />
      <ContactBlock heading="Thinking about a move?" />
    </ArticleLayout>
  );
}

function Step({ number, icon, title, children }: { number: number; icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`step-${number}`} className="mt-6 rounded-xl border border-line bg-surface-muted p-5 sm:p-6">
      <h3 id={`step-${number}`} className="mt-0 flex items-center gap-3">
        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand text-on-brand">{icon}</span>
        <span>
          Step {number}: {title}
        </span>
      </h3>
      {children}
    </section>
  );
}
