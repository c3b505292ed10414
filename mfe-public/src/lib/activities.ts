import athletics from "../assets/activities/athletics.svg";
import basketball from "../assets/activities/basketball.svg";
import climbing from "../assets/activities/climbing.svg";
import cycling from "../assets/activities/cycling.svg";
import martialArts from "../assets/activities/martial-arts.svg";
import soccer from "../assets/activities/soccer.svg";
import swimming from "../assets/activities/swimming.svg";
import tennis from "../assets/activities/tennis.svg";
import volleyball from "../assets/activities/volleyball.svg";

export interface Activity {
  id: string;
  title: string;
  caption: string;
  alt: string;
  image: string;
}

/** The nine pictures of the "Our Summer Camp Activities" carousel (spec section 9). */
export const ACTIVITIES: Activity[] = [
  {
    id: "soccer",
    title: "Soccer",
    caption: "Small-sided games and a camp tournament.",
    alt: "A young player strikes a soccer ball towards the goal on a green pitch",
    image: soccer,
  },
  {
    id: "basketball",
    title: "Basketball",
    caption: "Footwork, shooting form and daily scrimmages.",
    alt: "A player leaps to shoot a basketball at the hoop in the indoor gym",
    image: basketball,
  },
  {
    id: "swimming",
    title: "Swimming",
    caption: "Stroke technique in our 25 m pool.",
    alt: "A swimmer does front crawl between lane ropes in a blue pool",
    image: swimming,
  },
  {
    id: "tennis",
    title: "Tennis",
    caption: "Serve and volley on the outdoor courts.",
    alt: "A player serves a tennis ball on a clay-coloured court",
    image: tennis,
  },
  {
    id: "athletics",
    title: "Track & Field",
    caption: "Starts, sprints and relay change-overs.",
    alt: "A sprinter runs on the red track past the lane markings",
    image: athletics,
  },
  {
    id: "volleyball",
    title: "Volleyball",
    caption: "Passing, setting and rotations, six a side.",
    alt: "Two players jump at the net to block a volleyball",
    image: volleyball,
  },
  {
    id: "martial-arts",
    title: "Martial Arts",
    caption: "Balance, discipline and safe falling.",
    alt: "A student in a white gi and orange belt holds a kick on the mat",
    image: martialArts,
  },
  {
    id: "climbing",
    title: "Rock Climbing",
    caption: "Knots, belaying and the indoor wall.",
    alt: "A climber on a rope reaches for a hold on a wall of coloured grips",
    image: climbing,
  },
  {
    id: "cycling",
    title: "Cycling",
    caption: "Group rides on closed loops around the campus.",
    alt: "A cyclist in a helmet rides along a road below the mountains",
    image: cycling,
  },
];
